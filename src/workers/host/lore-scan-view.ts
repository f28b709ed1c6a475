// A lore scan as the person reads it: each fired entry with why it fired and where it goes, each
// other with why not, in the interface language (the "Test this text" panel; the inspector later).
import type { LoreBook, LoreEntry } from '../../driver/doc/lore-book.ts';
import type { FireReason, LoreRef, LoreScan, SkipReason } from '../../driver/lore/activate.ts';
import type { LoreScanRow, LoreScanView } from '../api.ts';
import { nameList } from '../../driver/i18n/lists.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type SecondaryMatch = Extract<FireReason, { kind: 'key' }>['secondary'];

/** Names the entry a reason refers to by its title (or id), with its book's name when another book's. */
function refName(books: readonly LoreBook[], ref: LoreRef | null): string {
  if (!ref) return uiText('another entry');
  const entry = books.find((b) => b.id === ref.book)?.entries.find((e) => e.id === ref.id);
  return entry?.title || ref.id;
}

const quoted = (keys: readonly string[]): string =>
  nameList(
    workerUiLanguage(),
    keys.map((key) => uiText('“{key}”', { key })),
  );

function secondaryText(secondary: SecondaryMatch): string {
  if (!secondary) return '';
  const keys = quoted(secondary.keys);
  switch (secondary.logic) {
    case 'and-any':
      return uiText(', with secondary key {keys}', { keys });
    case 'and-all':
      return uiText(', with all its secondary keys ({keys})', { keys });
    case 'not-any':
      return uiText(', none of its secondary keys ({keys}) found', { keys });
    case 'not-all':
      return uiText(', not all its secondary keys found ({keys} missing)', { keys });
    default:
      return secondary.logic satisfies never;
  }
}

export function fireText(why: FireReason, books: readonly LoreBook[]): string {
  switch (why.kind) {
    case 'constant':
      return uiText('constant');
    case 'key':
      return (
        (why.level > 0
          ? uiText('matched key “{key}” (recursion pass {level})', { key: why.key, level: why.level })
          : uiText('matched key “{key}”', { key: why.key })) + secondaryText(why.secondary)
      );
    case 'recursion':
      return (
        uiText('matched key “{key}” in the content of “{by}”', { key: why.key, by: refName(books, why.by) }) +
        secondaryText(why.secondary)
      );
    case 'sticky':
      return uiText('still active: sticky since message {since}', { since: why.since });
    default:
      return why satisfies never;
  }
}

function groupText(why: Extract<SkipReason, { kind: 'group' }>, books: readonly LoreBook[]): string {
  const values = { group: why.group, to: refName(books, why.to) };
  if (!why.to) return uiText('inclusion group “{group}”: no entry of it was kept', { group: why.group });
  switch (why.how) {
    case 'sticky':
      return uiText('inclusion group “{group}”: “{to}” is still active (sticky)', values);
    case 'earlier':
      return uiText('inclusion group “{group}” already holds “{to}”', values);
    case 'score':
      return uiText('inclusion group “{group}”: “{to}” matched more keys', values);
    case 'priority':
      return uiText('inclusion group “{group}”: “{to}” has priority (a higher order)', values);
    case 'weight':
      return uiText('inclusion group “{group}”: the draw by weight chose “{to}”', values);
    default:
      return why.how satisfies never;
  }
}

export function skipText(why: SkipReason, entry: LoreEntry, books: readonly LoreBook[]): string {
  switch (why.kind) {
    case 'disabled':
      return uiText('disabled');
    case 'character-filter': {
      const names = nameList(workerUiLanguage(), entry.characterFilter.names);
      return why.exclude ? uiText('not for {names}', { names }) : uiText('only for {names}', { names });
    }
    case 'delay':
      return uiText('delayed until the transcript holds {until} messages', { until: why.until });
    case 'cooldown':
      return uiText('cooling down until message {until}', { until: why.until });
    case 'no-keys':
      return uiText('no keys, and not constant');
    case 'no-match':
      return uiText('none of its keys ({keys}) is in the text', { keys: quoted(entry.keys) });
    case 'secondary':
      return uiText('key “{key}” matched, but its secondary keys did not allow it', { key: why.key });
    case 'probability':
      return uiText('lost its roll: {roll} is not under {probability}%', {
        roll: Math.floor(why.roll),
        probability: why.probability,
      });
    case 'group':
      return groupText(why, books);
    case 'budget':
      return uiText('over the budget: {tokens} more tokens after {spent} of {budget}', {
        tokens: why.tokens,
        spent: why.spent,
        budget: why.budget,
      });
    case 'delayed-until-recursion':
      return uiText('waits for recursion level {level}, which no pass reached', { level: why.level });
    case 'recursion-excluded':
      return uiText('key “{key}” only in the content of “{by}”, and other entries may not fire it', {
        key: why.key,
        by: refName(books, why.by),
      });
    default:
      return why satisfies never;
  }
}

export function positionText(entry: LoreEntry): string {
  switch (entry.position) {
    case 'before-card':
      return uiText('before the card');
    case 'after-card':
      return uiText('after the card');
    case 'at-depth':
      switch (entry.role) {
        case 'system':
          return uiText('{depth} messages before the end of the history, as a system note', {
            depth: entry.depth,
          });
        case 'user':
          return uiText('{depth} messages before the end of the history, as a line of the user', {
            depth: entry.depth,
          });
        case 'assistant':
          return uiText('{depth} messages before the end of the history, as a line of the character', {
            depth: entry.depth,
          });
        default:
          return entry.role satisfies never;
      }
    default:
      return entry.position satisfies never;
  }
}

export function loreScanView(
  scan: LoreScan,
  books: readonly LoreBook[],
  budget: { tokens: (text: string) => number; budget: number },
): LoreScanView {
  const row = (book: string, entry: LoreEntry, why: string): LoreScanRow => ({
    book,
    bookName: books.find((b) => b.id === book)?.name ?? book,
    entryId: entry.id,
    title: entry.title,
    why,
  });
  return {
    fired: scan.fired.map((f) => ({
      ...row(f.book, f.entry, fireText(f.why, books)),
      position: positionText(f.entry),
    })),
    skipped: scan.skipped.map((s) => row(s.book, s.entry, skipText(s.why, s.entry, books))),
    tokens: scan.fired.reduce((sum, f) => sum + budget.tokens(f.entry.content), 0),
    budget: budget.budget,
  };
}
