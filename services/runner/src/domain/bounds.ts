import { cutAtCodePoint, HTTP_PROTOCOLS, MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER, MAX_CITATION_TITLE_CHARS, MAX_URL_CHARS, urlHostname } from '@brandradar/contracts';

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. They carry no text and break mail and terminals. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** A surrogate without its partner is no character: JSON would have to escape it, and stores replace it anyway. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** DNS names have at most 253 characters: a longer host names no site. */
const MAX_HOST_CHARS = 253;

/** `s` without control characters (tab, line feed and carriage return stay), lone surrogates replaced by U+FFFD. */
export function cleanText(s: string): string {
  return s.replace(CONTROL_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
}

export interface Citation {
  url: string;
  title: string | null;
}

/** What a run keeps of a provider's answer: the caps of contracts' run.ts, whatever the provider sent. */
export interface BoundedAnswer {
  text: string;
  truncated: boolean;
  citations: Citation[];
}

/** `cutByProvider`: the provider's client already stopped reading a longer text. */
export function boundAnswer(text: string, citations: readonly Citation[], cutByProvider = false): BoundedAnswer {
  const clean = cleanText(text);
  const kept = citations.filter((c) => isCitable(c.url)).slice(0, MAX_CITATIONS_PER_ANSWER);
  return {
    text: cutAtCodePoint(clean, MAX_ANSWER_TEXT_CHARS),
    truncated: cutByProvider || clean.length > MAX_ANSWER_TEXT_CHARS,
    citations: kept.map((c) => ({ url: c.url, title: c.title === null ? null : cutAtCodePoint(cleanText(c.title), MAX_CITATION_TITLE_CHARS) })),
  };
}

/** An absolute http(s) URL, written as is (no control characters), short enough to keep. */
function isCitable(url: string): boolean {
  if (url.length > MAX_URL_CHARS || cleanText(url) !== url) return false;
  const host = urlHostname(url, HTTP_PROTOCOLS);
  return host !== undefined && host.length <= MAX_HOST_CHARS;
}
