import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ are what a shop owner follows: every relative link must reach a file, and every
 * `#anchor` a heading of it, as GitHub names them. The pictures stay small enough to clone.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function markdownFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCUMENTS = ['README.md', ...markdownFiles('docs')];

/** The text outside fenced code blocks and code spans, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of each heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count ? `${slug}-${count}` : slug);
  }
  return result;
}

/** Every relative link and picture of a document: [text](target) and ![alt](target). */
const relativeLinks = (markdown: string) =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

describe('README.md and docs/', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const markdown = readFileSync(join(ROOT, document), 'utf8');
      for (const link of relativeLinks(markdown)) {
        const [path = '', anchor] = link.split('#');
        const target = path ? join(dirname(document), decodeURIComponent(path)) : document;
        if (!existsSync(join(ROOT, target))) broken.push(`${document}: ${link} (no ${target})`);
        else if (anchor && !anchors(readFileSync(join(ROOT, target), 'utf8')).has(anchor))
          broken.push(`${document}: ${link} (no heading #${anchor} in ${relative('.', target)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reach the owner from the README: the two commands, deploying, configuration, operations and the API', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    const linked = new Set(relativeLinks(readme).map((link) => link.split('#')[0]));
    for (const document of [
      'docs/deploy.md',
      'docs/configuration.md',
      'docs/operations.md',
      'docs/back-office-api.md',
      '.env.example',
    ])
      expect(linked, document).toContain(document);
    expect(anchors(readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8'))).toContain('going-live');
  });

  it('show pictures under 150 kB each', () => {
    const pictures = readdirSync(join(ROOT, 'docs/images'));
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures)
      expect(statSync(join(ROOT, 'docs/images', picture)).size, picture).toBeLessThan(150 * 1024);
  });
});
