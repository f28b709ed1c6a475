// What the person reviews of a SillyTavern preset before it is imported: read as the import will read
// it (`presets/sillytavern.ts`), every prompt with what it became or why it was left out, the sampling
// taken and the rest left out. A file the import would refuse is refused here, before the review.
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { importSillyTavernPreset } from '../presets/sillytavern.ts';
import { createImportNotes } from './import-notes.ts';
import type { ImportReport } from './intermediate.ts';

export type PresetReview =
  { ok: true; kind: 'preset'; json: unknown; report: ImportReport } | { ok: false; reason: string };

/** A system prompt's own name titles the preset; any other preset is named after its file. */
const titleOf = (json: unknown, fileName: string): string => {
  const name = (json as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? name.trim() : fileName;
};

export function presetReview(json: unknown, fileName: string, language: Language): PresetReview {
  const read = importSillyTavernPreset(json, { title: fileName, reportLanguage: language });
  if (!read.ok) return { ok: false, reason: read.detail };
  const { report, preset } = read;
  const notes = createImportNotes(language);
  const name = report.source === 'system-prompt' ? titleOf(json, fileName) : fileName;
  switch (report.source) {
    case 'legacy':
      notes.add(
        'converted',
        tr(
          language,
          'a SillyTavern preset from before its prompt manager: main_prompt, nsfw_prompt and jailbreak_prompt were read as its prompts',
        ),
      );
      break;
    case 'system-prompt':
      notes.add(
        'converted',
        tr(language, 'a SillyTavern system prompt: its text became the preset’s style (roleplay/style)'),
      );
      break;
    case 'prompt-manager':
      break;
    default:
      report.source satisfies never;
  }
  const { characters, topP } = preset.sampling;
  if (characters !== undefined)
    notes.add(
      'converted',
      tr(language, 'temperature {value} → the characters’ temperature', { value: characters }),
    );
  if (topP !== undefined) notes.add('converted', tr(language, 'top_p {value} → top-p', { value: topP }));
  for (const d of report.dropped)
    switch (d.kind) {
      case 'macro':
        notes.add('dropped', tr(language, 'macros Rashomon has no value for, removed'), d.name);
        break;
      case 'secret':
        notes.add('dropped', tr(language, 'secrets (passwords, keys, addresses), never read'), d.name);
        break;
      case 'sampling':
        notes.add('dropped', tr(language, 'sampling out of range'), d.name);
        break;
      case 'unused':
        notes.add(
          'dropped',
          tr(language, 'sampling Rashomon does not take from a preset (it sizes each request itself)'),
          d.name,
        );
        break;
      default:
        d.kind satisfies never;
    }
  return {
    ok: true,
    kind: 'preset',
    json,
    report: {
      kind: 'preset',
      name,
      prompts: {
        mapped: report.mapped.map((m) =>
          tr(language, '“{name}” → {target}', { name: m.name, target: m.target }),
        ),
        leftOut: report.notMapped.map((n) => tr(language, '“{name}”: {why}', { name: n.name, why: n.why })),
      },
      ...notes.lists(),
    },
  };
}
