// What a JSON file is, by what it holds: a card has a card's fields (`spec`, or `first_mes` and its
// kin at the top or under `data`, or V1/Pygmalion's), a book has entries — never `name` and
// `description` alone, which Chub's lorebooks and Agnai's memory books carry too. SillyTavern's
// presets (prompt-manager or legacy) and system prompts are presets; its text-completion templates
// (instruct, context) are told apart so the import can say what they are.
import { STORY_JSON_FORMAT } from '../story-json/schema.ts';
import { isLegacyPreset, isSystemPrompt, textCompletionTemplate } from '../presets/sillytavern-shapes.ts';
import { isRecord } from './lorebook/world-info-fields.ts';
import { isGroupFile } from './chat/st-group.ts';

export type JsonKind =
  | 'story'
  | 'chat'
  | 'group'
  | 'preset'
  | 'lorebook'
  | 'character'
  | 'instruct-template'
  | 'context-template'
  | null;

/** Fields only a character card has (V2/V3 at the top or under `data`, V1, Pygmalion). */
const CARD_ONLY = ['first_mes', 'mes_example', 'char_name', 'char_persona', 'char_greeting', 'personality'];

export function isCardJson(json: Record<string, unknown>): boolean {
  if (typeof json.spec === 'string' && json.spec.startsWith('chara_card')) return true;
  const data = isRecord(json.data) ? json.data : undefined;
  return CARD_ONLY.some((f) => Object.hasOwn(json, f) || (data !== undefined && Object.hasOwn(data, f)));
}

/** Entries as a book keeps them: an object of entries (SillyTavern, Chub) or a list (Agnai, a V2 book). */
const hasEntries = (json: Record<string, unknown>): boolean =>
  Array.isArray(json.entries) || isRecord(json.entries);

export function jsonKind(json: unknown): JsonKind {
  if (!isRecord(json)) return null;
  if (json.format === STORY_JSON_FORMAT) return 'story';
  // A SillyTavern group file (its members' card files, its chat ids): read beside its chat, not alone.
  if (isGroupFile(json)) return 'group';
  // A chat of one line is one JSON object: a message, or a header with no message after it.
  if (typeof json.mes === 'string' || ('user_name' in json && 'character_name' in json)) return 'chat';
  if (Array.isArray(json.prompts) && ('prompt_order' in json || 'temperature' in json)) return 'preset';
  if (isCardJson(json)) return 'character';
  const template = textCompletionTemplate(json);
  if (template) return `${template}-template`;
  if (isLegacyPreset(json)) return 'preset';
  if (hasEntries(json) || json.kind === 'memory' || Array.isArray(json.data)) return 'lorebook';
  if (isSystemPrompt(json)) return 'preset';
  const data = isRecord(json.data) ? json.data : undefined;
  if (typeof json.name === 'string' || typeof data?.name === 'string') return 'character';
  return null;
}
