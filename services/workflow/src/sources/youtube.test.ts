import type { ProtocolPeer } from '../../../../test/support/peers/providers';
import { PEER_YOUTUBE_KEY, peerVideos, startYouTubePeer } from '../../../../test/support/peers/workflow-sources';
import { createYouTubeSource } from './youtube';

const now = new Date();
let peer: ProtocolPeer;
beforeAll(async () => (peer = await startYouTubePeer({ videos: (q) => peerVideos(q, now) })));
afterAll(() => peer.close());

const source = (apiKey = PEER_YOUTUBE_KEY) => createYouTubeSource({ apiKey, baseUrl: peer.baseUrl });
const query = { q: 'crm', regionCode: 'GB', publishedAfter: new Date(now.getTime() - 30 * 86_400_000), maxResults: 10, order: 'viewCount' as const };
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('YouTube Data API v3', () => {
  it('searches recent videos, then reads their statistics and durations in one videos.list', async () => {
    const before = peer.requests.length;
    const videos = await source().risingVideos(query, AbortSignal.timeout(5_000));
    const [search, list] = peer.requests.slice(before);
    expect(search).toMatchObject({ method: 'GET', path: '/youtube/v3/search' });
    expect(search!.query).toEqual({ part: 'snippet', type: 'video', q: 'crm', order: 'viewCount', publishedAfter: query.publishedAfter.toISOString(), regionCode: 'GB', maxResults: '10', key: PEER_YOUTUBE_KEY });
    expect(list!.query).toEqual({ part: 'snippet,contentDetails,statistics', id: 'vid00000001,vid00000002,vid00000003', maxResults: '3', key: PEER_YOUTUBE_KEY });
    expect(videos[0]).toEqual({
      videoId: 'vid00000001',
      title: 'How to Get Started with crm (Step by Step)',
      channelTitle: 'Channel A',
      channelId: 'UCchannelA00000000000001',
      publishedAt: expect.stringMatching(/Z$/),
      description: 'All about How to Get Started with crm (Step by Step).',
      thumbnailUrl: 'https://i.ytimg.com/vi/vid00000001/hqdefault.jpg',
      duration: 'PT12M5S',
      viewCount: 100_000,
      likeCount: 4_000,
      commentCount: 300,
    });
  });

  it('reads hidden counts as 0', async () => {
    const videos = await source().risingVideos(query, AbortSignal.timeout(5_000));
    expect(videos.find((v) => v.videoId === 'vid00000002')).toMatchObject({ likeCount: 0, commentCount: 800 });
  });

  it('makes no videos.list call when the search finds nothing', async () => {
    const before = peer.requests.length;
    peer.replyNext({ status: 200, body: JSON.stringify({ kind: 'youtube#searchListResponse', items: [] }) });
    expect(await source().risingVideos(query, AbortSignal.timeout(5_000))).toEqual([]);
    expect(peer.requests.length).toBe(before + 1);
  });

  it('classifies errors in Google’s format: a bad key or exhausted quota is permanent, 5xx and 429 transient', async () => {
    expect(await failure(source('wrong').risingVideos(query, AbortSignal.timeout(5_000)))).toMatchObject({ kind: 'permanent', code: 'client_error', status: 400, message: expect.stringContaining('API key not valid') });
    peer.failNext({ status: 403 });
    expect(await failure(source().risingVideos(query, AbortSignal.timeout(5_000)))).toMatchObject({ kind: 'permanent', status: 403, message: expect.stringContaining('quota') });
    peer.failNext({ status: 500 });
    expect(await failure(source().risingVideos(query, AbortSignal.timeout(5_000)))).toMatchObject({ kind: 'transient', code: 'server_error' });
    peer.failNext({ status: 429, retryAfterSeconds: 2 });
    expect(await failure(source().risingVideos(query, AbortSignal.timeout(5_000)))).toMatchObject({ kind: 'transient', code: 'rate_limited', retryAfterMs: 2_000 });
  });
});
