// "What X was given", folded under a turn's source or a variant (like SillyTavern's prompt
// itemisation): each part of the request with its tokens, the prompt against its budget (the context
// less the answer's room) and, when the server said, how much of it came from a prompt it kept, where
// the context came from, whether the count is exact, and which stretch of the history the window
// held; then the full request on demand.
import { For, Show, type JSX } from 'solid-js';
import type { GivenView } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { FullRequest } from './full-request.tsx';
import { formatCount, partLabel, servedText, sourceLabel, windowText } from './given-format.ts';

/** Of the prompt's budget, as a percentage for a bar's width (the numbers beside it say it in text). */
const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;

export function GivenSummary(props: {
  title: string;
  given: GivenView;
  storyId: string;
  turnId: string;
  /** The projection's audience; unset: the request that wrote the turn. */
  audience?: string;
}): JSX.Element {
  const g = (): GivenView => props.given;
  const budget = (): number => Math.max(0, g().context - g().maxTokens);
  return (
    <details class="given">
      <summary>{props.title}</summary>
      <Show when={g().batch}>
        <p class="hint">
          {t(
            'One request served several audiences at once (batched projection): these are its numbers, shared by each of their views.',
          )}
        </p>
      </Show>
      <table class="given-table">
        <caption>{t('Tokens per part of the request')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Part')}</th>
            <th scope="col">{t('Tokens')}</th>
            <th scope="col">{t('Share of the budget')}</th>
          </tr>
        </thead>
        <tbody>
          <For each={g().parts}>
            {(part) => (
              <tr>
                <th scope="row">{partLabel(part.part)}</th>
                <td class="given-number">{formatCount(part.tokens)}</td>
                <td class="given-share">
                  <ShareBar percent={percentOf(part.tokens, budget())} />
                </td>
              </tr>
            )}
          </For>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('Prompt')}</th>
            <td class="given-number">{formatCount(g().promptTokens)}</td>
            <td class="given-share">
              <ShareBar percent={percentOf(g().promptTokens, budget())} />{' '}
              {t('of {budget} for the prompt', { budget: formatCount(budget()) })}
              <Show when={g().served}>
                {(served) => <span class="given-served">{servedText(served())}</span>}
              </Show>
            </td>
          </tr>
        </tfoot>
      </table>
      <dl class="given-facts">
        <dt>{t('Answer room')}</dt>
        <dd>{t('{tokens} tokens (max_tokens)', { tokens: formatCount(g().maxTokens) })}</dd>
        <dt>{t('Context')}</dt>
        <dd>
          {t('{tokens} tokens, {source}', {
            tokens: formatCount(g().context),
            source: sourceLabel(g().source),
          })}
        </dd>
        <dt>{t('Count')}</dt>
        <dd>
          {g().exact
            ? t('Exact: counted by the backend.')
            : t('Estimated: the backend does not count tokens, so the numbers are the app’s estimate.')}
        </dd>
        <dt>{t('History window')}</dt>
        <dd>{windowText(g().window)}</dd>
      </dl>
      <Show when={g().fired?.length}>
        <h4 class="given-lore-heading">{t('Lore entries it held')}</h4>
        <ul class="given-lore">
          <For each={g().fired}>
            {(row) => (
              <li>
                {row.title
                  ? t('{title} ({book})', { title: row.title, book: row.bookName })
                  : t('an entry no longer in the story’s books')}
                <Show when={row.carried}> {t('— still active (sticky)')}</Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <FullRequest storyId={props.storyId} turnId={props.turnId} audience={props.audience} />
    </details>
  );
}

/** A part's share as a bar (for the eye) and as a number (for everyone). */
function ShareBar(props: { percent: number }): JSX.Element {
  return (
    <>
      <span class="given-bar" aria-hidden="true">
        <span style={{ width: `${props.percent}%` }} />
      </span>
      <span class="given-percent">{props.percent}%</span>
    </>
  );
}
