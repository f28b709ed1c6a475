// The words of "What X was given": each part of a request, where its context length came from, the
// messages' roles, and which stretch of the history its window held, in the interface language.
import type { Given, RequestPart, TurnRequest } from '../../workers/api.ts';
import { t, uiLocale } from '../i18n/ui-text.ts';

export function partLabel(part: RequestPart): string {
  switch (part) {
    case 'instructions':
      return t('Instructions');
    case 'card':
      return t('Character card');
    case 'persona':
      return t('Your persona');
    case 'history':
      return t('History');
    case 'memories':
      return t('Memories');
    case 'state':
      return t('How things stand');
    case 'known':
      return t('Memories of who is who');
    case 'source':
      return t('The turn as written');
    case 'task':
      return t('Task');
    case 'world':
      return t('The world as they know it');
    case 'lore':
      return t('Lore that fired');
    default:
      return part satisfies never;
  }
}

/** Where the context the request was fitted to came from. */
export function sourceLabel(source: Given['source']): string {
  switch (source) {
    case 'server':
      return t('detected from the server');
    case 'setting':
      return t('set in Settings');
    case 'record':
      return t('from the model’s record');
    case 'assumed':
      return t('assumed: nothing told it');
    default:
      return source satisfies never;
  }
}

export function roleLabel(role: TurnRequest['messages'][number]['role']): string {
  switch (role) {
    case 'system':
      return t('System');
    case 'user':
      return t('User');
    case 'assistant':
      return t('Assistant');
    case 'tool':
      return t('Tool result');
    default:
      return role satisfies never;
  }
}

export const formatCount = (n: number): string => n.toLocaleString(uiLocale());

/** What the server said of the prompt: the tokens it took from a prompt it kept, and those it computed. */
export function servedText(served: NonNullable<Given['served']>): string {
  return t('cached {cached} / computed {computed} tokens', {
    cached: formatCount(served.cachedTokens),
    computed: formatCount(Math.max(0, served.promptTokens - served.cachedTokens)),
  });
}

/**
 * Which stretch of its history the window held: its entries are the last of the history before the
 * request, so the window's end is the history's end.
 */
export function windowText(window: Given['window']): string {
  const { start, entries } = window;
  if (entries === 0) return t('No history yet: nothing had happened for them before this.');
  if (start === 0)
    return entries === 1
      ? t('The whole history: 1 turn.')
      : t('The whole history: {count} turns.', { count: formatCount(entries) });
  return t('Turns {from}–{to} of {total}; the {earlier} before them are in its memories.', {
    from: formatCount(start + 1),
    to: formatCount(start + entries),
    total: formatCount(start + entries),
    earlier: formatCount(start),
  });
}
