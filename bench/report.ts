import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The commit the figures belong to, flagged when the working tree differs from it. */
export function commitLabel(): string {
  const commit = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  return git(['status', '--porcelain']) ? `${commit} + uncommitted changes` : commit;
}

export function machineLabel(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `${cores.length} cores (${model}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}

/** `npm run bench -- …` style line that reproduces this run. */
export function commandLine(npmScript: string | undefined, script: string): string {
  const argv = process.argv.slice(2).join(' ');
  if (npmScript) return `npm run ${npmScript}${argv ? ` -- ${argv}` : ''}`;
  return `npx tsx ${script}${argv ? ` ${argv}` : ''}`;
}

export function runHeader(command: string): string {
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  return [
    `- date: ${date} UTC`,
    `- commit: ${commitLabel()}`,
    `- machine: ${machineLabel()}`,
    `- command: \`${command}\``,
  ].join('\n');
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Replaces the section between `<!-- id -->` and `<!-- /id -->` in RESULTS.md (appending it when new),
 * so a rerun updates its own figures and leaves the others alone.
 */
export function writeResultsSection(id: string, markdown: string): void {
  const start = `<!-- ${id} -->`;
  const end = `<!-- /${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const updated =
    from >= 0 && to > from
      ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(RESULTS_FILE, updated);
}
