/**
 * Writing bench/RESULTS.md: every suite run (`npm run bench`, bench/run.ts) has one dated block at
 * the top of the file, and each step of the suite replaces its own named section inside that block,
 * so a rerun replaces its numbers instead of piling up another copy. Everything below the newest
 * block (older runs, hand-written sections) is kept as history.
 *
 * A block is named by its run label: `BENCH_RUN` when set (e.g. "2026-11-25 before #11 fixes"),
 * else today's date and the commit. The PostgreSQL and the PGlite invocations of one day and commit
 * therefore share a block, and steps name their sections per database (`sectionName`).
 *
 * A step writes with `writeSection(name, markdown)`; it may also add rows to the block's overview
 * table (`rows`) and keep numbers that later steps need (`values`, e.g. the ceilings the message
 * scenarios are compared with). Both live in the block as an HTML comment holding JSON, invisible
 * when the file is rendered.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? path.join(import.meta.dirname, '..', 'RESULTS.md');

/** A line of the block's overview table; cells left out print as "–". */
export type OverviewRow = {
  /** Replaces an earlier row with the same key (e.g. `messages-free/postgresql+redis`). */
  key: string;
  what: string;
  database?: string;
  /** Highest offered rate delivered with p99 < 100 ms and nothing lost, per second. */
  sustained?: number;
  /** "p50 / p99 ms" at 1,000 per second, or "not reached". */
  at1000?: string;
  /** Server CPU per operation, e.g. "1.9 ms". */
  cpuPerOp?: string;
  /** Sustained ÷ the relay + one INSERT ceiling's sustained rate, e.g. "3 %". */
  ofCeiling?: string;
  /** Anything else worth a glance: what was verified, memory per socket, a start-up time. */
  note?: string;
};

type BlockData = { meta: Record<string, string>; values: Record<string, number>; rows: OverviewRow[] };

const BLOCK_START = '<!-- bench-run: ';
const BLOCK_END = '<!-- end bench-run -->';
const DATA_START = '<!-- bench-data: ';

/** The commit the suite measured (short hash), or "unknown" outside a git checkout. */
export function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export const today = () => new Date().toISOString().slice(0, 10);

/** The label naming this run's block in RESULTS.md. */
export function runLabel(): string {
  return process.env.BENCH_RUN?.trim() || `${today()} ${commit()}`;
}

/** "PostgreSQL + Redis", "PostgreSQL" or "PGlite": what the real-server steps run on, from the environment. */
export function databaseLabel(): string {
  if (!process.env.DATABASE_URL) return 'PGlite';
  return process.env.REDIS_URL ? 'PostgreSQL + Redis' : 'PostgreSQL';
}

/** A section name per database, so the PostgreSQL and PGlite runs of a step sit side by side. */
export function sectionName(step: string): string {
  return `${step}/${databaseLabel()
    .toLowerCase()
    .replace(/[^a-z]+/g, '')}`;
}

/** What the machine is, for the block's header. PostgreSQL and Redis versions are added by whoever knows them. */
export function machineMeta(): Record<string, string> {
  const cpus = os.cpus();
  let system = `${os.type()} ${os.release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) system = `${pretty}, ${system}`;
  } catch {
    /* not Linux: the kernel line is enough */
  }
  return {
    cpu: `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores`,
    ram: `${Math.round(os.totalmem() / 2 ** 30)} GB`,
    system,
    node: process.version,
    commit: commit(),
  };
}

function escapeJsonForComment(json: string) {
  // "--" may not appear inside an HTML comment.
  return json.replace(/--/g, '-\\u002d');
}

function readFile(): string {
  return existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
}

const PRETTIER = path.join(import.meta.dirname, '..', '..', 'node_modules', 'prettier', 'bin', 'prettier.cjs');

function writeFile(text: string) {
  const partial = `${RESULTS_FILE}.${process.pid}.partial.md`;
  writeFileSync(partial, text);
  // The repository's format check covers RESULTS.md: format it as `npm run format` would (tables aligned).
  // Synchronously, so that a step may exit right after writing.
  if (existsSync(PRETTIER)) {
    try {
      execFileSync(process.execPath, [PRETTIER, '--write', '--log-level', 'warn', partial], { stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      /* unformatted is still better than lost: `npm run format` fixes it */
    }
  }
  renameSync(partial, RESULTS_FILE);
}

/** Finds the run's block, creating an empty one under the title when it is new. */
function locateBlock(text: string, label: string): { before: string; body: string; after: string } {
  const start = text.indexOf(`${BLOCK_START}${label} -->`);
  if (start >= 0) {
    const end = text.indexOf(BLOCK_END, start);
    if (end < 0) throw new Error(`RESULTS.md: the block "${label}" has no end marker`);
    const bodyStart = text.indexOf('\n', start) + 1;
    return { before: text.slice(0, bodyStart), body: text.slice(bodyStart, end), after: text.slice(end) };
  }
  // New blocks go above every older one: before the newest block, else before the first section
  // (the title and its introduction stay on top).
  const newest = text.indexOf(BLOCK_START);
  const firstSection = text.search(/^## /m);
  const at = newest >= 0 ? newest : firstSection >= 0 ? firstSection : text.length;
  const head = `${text.slice(0, at).replace(/\n*$/, '\n\n')}${BLOCK_START}${label} -->\n`;
  return { before: head, body: '', after: `${BLOCK_END}\n\n${text.slice(at)}` };
}

function parseData(body: string): BlockData {
  const at = body.indexOf(DATA_START);
  if (at < 0) return { meta: {}, values: {}, rows: [] };
  const end = body.indexOf(' -->', at);
  const json = body.slice(at + DATA_START.length, end).replace(/-\\u002d/g, '--');
  return { meta: {}, values: {}, rows: [], ...(JSON.parse(json) as Partial<BlockData>) };
}

type Sections = { name: string; markdown: string }[];

function parseSections(body: string): Sections {
  const sections: Sections = [];
  const re = /<!-- section: (.+?) -->\n([\s\S]*?)<!-- \/section: \1 -->\n?/g;
  for (let m = re.exec(body); m; m = re.exec(body)) sections.push({ name: m[1]!, markdown: m[2]! });
  return sections;
}

const cell = (v: string | number | undefined) =>
  v === undefined || v === '' ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : v;

function renderHeader(label: string, data: BlockData): string {
  const m = data.meta;
  const software = [
    `Node ${m.node ?? '?'}`,
    m.postgresql ? `PostgreSQL ${m.postgresql}` : undefined,
    m.redis ? `Redis ${m.redis}` : undefined,
    m.pglite ? `PGlite ${m.pglite}` : undefined,
  ].filter(Boolean);
  const lines = [
    `## ${label} — \`npm run bench\``,
    '',
    `Machine: ${m.cpu ?? '?'}, ${m.ram ?? '?'} RAM, ${m.system ?? '?'}; ${software.join(', ')}. Commit ${m.commit ?? '?'}${m.commit?.includes(',') ? ' (steps measured at different commits)' : ''}.`,
    'Loopback only; each load generator runs in its own process (child_process.fork) and offers load open',
    'loop, every latency counted from the instant the send was due. "Sustained" is the highest offered',
    "rate delivered with p99 < 100 ms and nothing lost. Server CPU per op is the server process's",
    '`process.cpuUsage()` over a step ÷ the operations it completed (PostgreSQL and Redis work in their own',
    'processes and is not in it; PGlite runs inside the server process and is). The ladders also show the',
    'CPU of the generator, of the PostgreSQL and Redis processes, and of everything else on the machine',
    '(/proc): a step beside which something else used over 15 % of a core was measured again once quiet.',
  ];
  if (data.rows.length > 0) {
    lines.push(
      '',
      '| what | database | sustained /s | p50 / p99 at 1,000/s | server CPU per op | of ceiling (c) | notes |',
      '| --- | --- | ---: | --- | ---: | ---: | --- |',
      ...data.rows.map(
        (r) =>
          `| ${r.what} | ${cell(r.database)} | ${cell(r.sustained)} | ${cell(r.at1000)} | ${cell(r.cpuPerOp)} | ${cell(r.ofCeiling)} | ${cell(r.note)} |`,
      ),
    );
  }
  return lines.join('\n');
}

function renderBody(label: string, data: BlockData, sections: Sections): string {
  const json = escapeJsonForComment(JSON.stringify(data));
  const parts = [`${DATA_START}${json} -->`, renderHeader(label, data), ''];
  for (const s of sections) parts.push(`<!-- section: ${s.name} -->\n${s.markdown.replace(/\n*$/, '\n')}<!-- /section: ${s.name} -->\n`);
  return parts.join('\n');
}

/**
 * Replaces (or appends) the section `name` in this run's block, and merges `meta`, `values` and
 * overview `rows` into the block's data. Sections keep their place on a rerun.
 */
export function writeSection(
  name: string,
  markdown: string,
  extra: { meta?: Record<string, string>; values?: Record<string, number>; rows?: OverviewRow[] } = {},
) {
  updateBlock((data, sections) => {
    Object.assign(data.meta, extra.meta);
    Object.assign(data.values, extra.values);
    for (const row of extra.rows ?? []) {
      const at = data.rows.findIndex((r) => r.key === row.key);
      if (at >= 0) data.rows[at] = row;
      else data.rows.push(row);
    }
    const at = sections.findIndex((s) => s.name === name);
    if (at >= 0) sections[at] = { name, markdown };
    else sections.push({ name, markdown });
  });
}

/** Merges header facts (versions) into this run's block without touching its sections. */
export function writeMeta(meta: Record<string, string>) {
  updateBlock((data) => void Object.assign(data.meta, meta));
}

/** A number an earlier step of this run kept (e.g. `ceiling.relayInsert`), if any. */
export function readValue(key: string): number | undefined {
  const text = readFile();
  const label = runLabel();
  if (!text.includes(`${BLOCK_START}${label} -->`)) return undefined;
  return parseData(locateBlock(text, label).body).values[key];
}

function updateBlock(change: (data: BlockData, sections: Sections) => void) {
  const label = runLabel();
  const text = readFile();
  const { before, body, after } = locateBlock(text, label);
  const data = parseData(body);
  // A block may gather steps measured at several commits (a step rerun later): name each.
  const commits = new Set([...(data.meta.commit ?? '').split(', ').filter(Boolean), commit()]);
  data.meta = { ...machineMeta(), ...data.meta, commit: [...commits].join(', ') };
  const sections = parseSections(body);
  change(data, sections);
  writeFile(before + renderBody(label, data, sections) + after);
}
