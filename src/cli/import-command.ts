// `rashomon import FILE [--with FILE]… [--dry-run] [--json] [--out OUT.json] [--chat perceived-all|project-later]`:
// reads any file the app imports and says what it holds (the review); without --dry-run writes it —
// a chat or story as Story JSON, a character or lorebook into a library file (OUT.json, made or added to).
// `--with`: a group chat's group file and members' cards, who was there taken as its defaults (GC3).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readImport, type ReadImport } from '../driver/import/read-import.ts';
import { readJsonText } from '../driver/import/json-text.ts';
import type { ImportReport } from '../driver/import/intermediate.ts';
import { exportStory } from '../driver/story-json/export.ts';
import { importStory } from '../driver/story-json/import.ts';
import { characterToV3 } from '../driver/import/card/card-write.ts';
import { UsageError } from './usage-error.ts';

export interface ImportCommand {
  file: string;
  dryRun: boolean;
  json: boolean;
  out?: string;
  chat?: 'perceived-all' | 'project-later';
  /** Files given with a group chat: its group file and its members' cards. */
  with?: string[];
}

/** What `--dry-run --json` prints: the review's numbers, for checks from outside. */
function summary(r: ImportReport): Record<string, unknown> {
  return {
    kind: r.kind,
    name: r.name,
    ...(r.spec ? { spec: r.spec } : {}),
    ...(r.lorebookEntries !== undefined ? { lorebookEntries: r.lorebookEntries } : {}),
    ...(r.greetings !== undefined ? { greetings: r.greetings } : {}),
    ...(r.assets !== undefined ? { assets: r.assets } : {}),
    ...(r.messages !== undefined ? { messages: r.messages } : {}),
    ...(r.prompts
      ? { promptsMapped: r.prompts.mapped.length, promptsLeftOut: r.prompts.leftOut.length }
      : {}),
    ...(r.group ? { group: r.group } : {}),
    warnings: r.warnings,
  };
}

function text(r: ImportReport): string {
  const facts = Object.entries(summary(r))
    .filter(([k]) => k !== 'warnings' && k !== 'group')
    .map(([k, v]) => `${k}: ${String(v)}`);
  return [
    ...facts,
    ...r.warnings.map((w) => `warning: ${w}`),
    ...r.converted.map((c) => `converted: ${c}`),
    ...r.dropped.map((d) => `left out: ${d}`),
    ...(r.prompts?.mapped ?? []).map((m) => `prompt mapped: ${m}`),
    ...(r.prompts?.leftOut ?? []).map((l) => `prompt left out: ${l}`),
  ].join('\n');
}

/** A library file: what `rashomon import` gathers for a library — characters (V3 cards) and lorebooks. */
const LIBRARY_FORMAT = 'rashomon.library';
const libraryFileSchema = z.object({
  format: z.literal(LIBRARY_FORMAT),
  version: z.literal(1),
  characters: z.array(z.unknown()).default([]),
  lorebooks: z.array(z.unknown()).default([]),
});

function addToLibrary(out: string, read: Extract<ReadImport, { ok: true }>): void {
  const file = existsSync(out) ? readJsonText(readFileSync(out, 'utf8'), 'en') : null;
  const existing = file && (file.ok ? libraryFileSchema.safeParse(file.json) : { success: false as const });
  if (existing && !existing.success)
    throw new UsageError(
      `${out} is not a Rashomon library file (format "${LIBRARY_FORMAT}"): choose another --out`,
    );
  const library = existing?.data ?? {
    format: LIBRARY_FORMAT,
    version: 1 as const,
    characters: [],
    lorebooks: [],
  };
  if (read.kind === 'character') {
    library.characters.push(characterToV3(read.character));
    if (read.character.book) library.lorebooks.push(read.character.book);
  } else if (read.kind === 'lorebook') library.lorebooks.push(read.book);
  writeFileSync(out, `${JSON.stringify(library, null, 2)}\n`);
}

function readBytes(file: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(file));
  } catch (e) {
    throw new UsageError(`cannot read ${file} (${(e as Error).message})`);
  }
}

export function importCommand(cmd: ImportCommand, print: (line: string) => void): number {
  const bytes = readBytes(cmd.file);
  const companions = (cmd.with ?? []).map((name) => ({ name, bytes: readBytes(name) }));
  const read = readImport(bytes, cmd.file, {
    language: 'en',
    newId: randomUUID,
    importedAt: new Date().toISOString(),
    ...(cmd.chat ? { chat: cmd.chat } : {}),
    ...(companions.length ? { companions } : {}),
  });
  if (!read.ok) throw new UsageError(`${cmd.file}: ${read.reason}`);
  print(cmd.json ? JSON.stringify(summary(read.report)) : text(read.report));
  if (cmd.dryRun) return 0;
  if (!cmd.out) throw new UsageError('--out OUT.json is required to import (or --dry-run to only read)');
  switch (read.kind) {
    case 'chat':
      writeFileSync(cmd.out, `${JSON.stringify(exportStory(read.doc), null, 2)}\n`);
      return 0;
    case 'story': {
      // Checked as the app's import checks it (E8): a story the app would refuse is not written.
      const checked = importStory(read.json, new Date().toISOString());
      if (!checked.ok) throw new UsageError(`${cmd.file}: ${checked.detail}`);
      writeFileSync(cmd.out, `${JSON.stringify(read.json, null, 2)}\n`);
      return 0;
    }
    case 'character':
    case 'lorebook':
      addToLibrary(cmd.out, read);
      return 0;
    case 'preset':
      throw new UsageError(
        'a SillyTavern preset is imported in the app (Prompts → Presets), not into a file',
      );
  }
}
