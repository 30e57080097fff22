import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Markdown files stand on their own: every relative link resolves (to a file or folder, and to a
 * heading when it names one in a Markdown file), every repository path written in backticks exists,
 * nothing points outside the clone (`../shared`), and the README stays short. All problems are
 * collected and reported at once. Reads files only: no build, no services.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const README_MAX_LINES = 250;
/** Folders never searched when git cannot list the files, and path segments that a build makes (not in a clone). */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', '.data', 'coverage']);
/** A backticked token with one of these is a pattern or a placeholder, not a path. */
const PLACEHOLDER = /[*<{…$]/;

/** Markdown files tracked by git, and new ones not yet added (but not ignored ones); else a walk. */
function markdownFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'], { cwd: ROOT, encoding: 'utf8' });
    return [...new Set(out.split('\0').filter((f) => f && fs.existsSync(path.join(ROOT, f))))].sort();
  } catch {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
        } else if (entry.name.endsWith('.md')) found.push(rel);
      }
    };
    walk('');
    return found.sort();
  }
}

/** The repository's top-level folders and files (what a backticked path may start with). */
function topLevel(): { dirs: Set<string>; files: Set<string> } {
  const dirs = new Set<string>();
  const files = new Set<string>();
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    (entry.isDirectory() ? dirs : files).add(entry.name);
  }
  return { dirs, files };
}

interface Block {
  /** 1-based number of the block's first line. */
  line: number;
  text: string;
}

/**
 * The prose outside fenced code blocks, in blocks of consecutive non-blank lines: a code span or a
 * link's text may go on over a line break.
 */
function proseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let fence: string | null = null;
  source.split('\n').forEach((text, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      current = null;
      return;
    }
    if (fence !== null || text.trim() === '') {
      current = null;
      return;
    }
    if (current === null) {
      current = { line: i + 1, text };
      blocks.push(current);
    } else current.text += `\n${text}`;
  });
  return blocks;
}

/** The line a match at `index` of a block is on. */
const lineOf = (block: Block, index: number) => block.line + (block.text.slice(0, index).match(/\n/g)?.length ?? 0);

const CODE_SPAN = /(`+)([\s\S]+?)\1/g;

/** GitHub's anchor for a heading: lowercase, punctuation dropped but `-` and `_`, spaces to `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .replace(/\*\*|__|\*/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2, …) and `<a id>`/`<a name>`. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const text of proseBlocks(fs.readFileSync(file, 'utf8')).flatMap((b) => b.text.split('\n'))) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

function checkLink(mdFile: string, target: string, where: string, broken: string[]): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return; // http(s):, mailto:, …
  const hash = target.indexOf('#');
  const rawPath = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? null : target.slice(hash + 1);
  let decoded: string;
  try {
    decoded = decodeURI(rawPath);
  } catch {
    broken.push(`${where}: link ${target}: not a valid URL path`);
    return;
  }
  const resolved = decoded === '' ? path.join(ROOT, mdFile) : decoded.startsWith('/') ? path.join(ROOT, decoded) : path.join(ROOT, path.dirname(mdFile), decoded);
  if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) {
    broken.push(`${where}: link ${target}: outside the repository`);
    return;
  }
  if (!fs.existsSync(resolved)) {
    broken.push(`${where}: link ${target}: no such file or folder`);
    return;
  }
  if (anchor && resolved.endsWith('.md') && fs.statSync(resolved).isFile() && !anchorsOf(resolved).has(decodeURIComponent(anchor))) {
    broken.push(`${where}: link ${target}: no heading #${anchor} in ${path.relative(ROOT, resolved)}`);
  }
}

function checkBacktickedPath(mdFile: string, token: string, where: string, top: ReturnType<typeof topLevel>, broken: string[]): void {
  if (/\s/.test(token) || PLACEHOLDER.test(token)) return;
  const pathLike = token.replace(/\/+$/, '');
  if (pathLike.split('/').some((segment) => SKIPPED_DIRS.has(segment))) return; // build output, not in a clone
  const first = pathLike.split('/')[0]!;
  let resolved: string | null = null;
  if (top.dirs.has(first) && pathLike.includes('/')) resolved = path.join(ROOT, pathLike);
  else if (top.files.has(pathLike)) resolved = path.join(ROOT, pathLike);
  else if (first === 'src' && pathLike.includes('/') && /^(packages|services)\/[^/]+\//.test(mdFile)) {
    resolved = path.join(ROOT, path.dirname(mdFile), pathLike); // `src/…` in a package's or service's README
  }
  if (resolved !== null && !fs.existsSync(resolved)) broken.push(`${where}: \`${token}\`: no such file or folder`);
}

describe('the Markdown files', () => {
  const files = markdownFiles();
  const top = topLevel();

  it('are found', () => {
    expect(files).toContain('README.md');
  });

  it('link only to files, folders and headings that exist, and name only repository paths that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const block of proseBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
        const at = (index: number) => `${file}:${lineOf(block, index)}`;
        for (const m of block.text.matchAll(CODE_SPAN)) checkBacktickedPath(file, m[2]!.trim(), at(m.index), top, broken);
        // Code spans are not links; a stand-in of the same length keeps the brackets around them and the offsets.
        const prose = block.text.replace(CODE_SPAN, (span) => span.replace(/[^\n]/g, 'c'));
        for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) checkLink(file, m[1]!, at(m.index), broken);
        for (const m of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) checkLink(file, m[1]!, at(m.index), broken);
      }
    }
    expect(broken).toEqual([]);
  });

  it('point to nothing outside the clone (../shared)', () => {
    const found: string[] = [];
    for (const file of files) {
      fs.readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (text.includes('../shared')) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });

  it(`keep README.md to at most ${README_MAX_LINES} lines`, () => {
    const source = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const lines = source.endsWith('\n') ? source.split('\n').length - 1 : source.split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
