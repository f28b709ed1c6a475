// The turn inspector, a modal dialog: the turn's authored source and every audience's variant, each
// editable (edits go to the worker as deltas; edits from elsewhere appear live), with their badges and
// the actions of the spec's editor, and what each request was given. The user may read every point of
// view here; no character's model call ever does (each is built by the worker from that character's
// own POV only).
import { For, Show, createMemo, createUniqueId, onMount, type JSX } from 'solid-js';
import { Badges } from '../ui/badges.tsx';
import { EditingBadge } from '../sync/editing-badge.tsx';
import { t } from '../i18n/ui-text.ts';
import { sameList } from '../ui/same-list.ts';
import { createInspectorState } from './inspector-state.ts';
import { LiveTextField } from '../ui/live-text-field.tsx';
import { usePresence } from '../sync/use-presence.ts';
import { VariantCard, type Variant } from './variant-card.tsx';
import { GivenSummary } from './given-summary.tsx';
import { createHandTurnChoices, StaleHandTurns } from '../story/stale-hand-turns.tsx';
import type { Branched, StaleChoice } from '../../workers/api.ts';
import './inspector.css';

/** What "Regenerate from here" does: a generated turn is written again, a hand-written one re-projected. */
const regenerateTitle = (generated: boolean): string =>
  generated
    ? t('Write this turn again as a new alternative; this one stays (‹ › on its row steps between them)')
    : t('Project this turn again for every audience');

export function TurnInspector(props: {
  storyId: string;
  turnId: string;
  userId: string;
  nameOf: (participantId: string) => string;
  onClose: () => void;
  /** The path now ends at this turn: the composer continues from it (and where it ended is the way back). */
  onBranched: (branched: Branched) => void;
}): JSX.Element {
  const id = createUniqueId();
  const inspector = createInspectorState(props.storyId, props.turnId);
  let dialog: HTMLDialogElement | undefined;
  // Co-editing: other devices see this turn open here, and which variant this device is editing.
  const presence = usePresence(props.storyId, () => props.nameOf(props.userId));
  const viewing = { viewing: { turnId: props.turnId } };
  const editing = (audience?: string) => (on: boolean) =>
    presence.share(on ? { ...viewing, editing: { turnId: props.turnId, audience } } : viewing);
  onMount(() => {
    dialog?.showModal();
    presence.share(viewing);
  });
  // Keyed by audience, so a re-read updates each editor in place (keeping focus and caret).
  // The user's own view comes first.
  const audiences = createMemo(
    () => {
      const list = inspector.turn()?.variants.map((v) => v.audience) ?? [];
      return [...list.filter((a) => a === props.userId), ...list.filter((a) => a !== props.userId)];
    },
    [],
    { equals: sameList },
  );
  const variant = (audience: string): Variant | undefined =>
    inspector.turn()?.variants.find((v) => v.audience === audience);
  const busy = (): boolean => inspector.busy() !== null;
  const close = (): void => dialog?.close();

  return (
    <dialog
      ref={dialog}
      class="inspector-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id={`${id}-title`}>{t('Turn inspector')}</h2>
        <button type="button" class="secondary" onClick={close}>
          {t('Close')}
        </button>
      </div>
      <p class="hint">
        {t(
          "Every point of view of this turn, for you to read and edit. No character ever reads another's: each one's model only gets its own.",
        )}
      </p>
      <Show when={inspector.error()}>
        <p class="error" role="alert">
          {inspector.error()}
        </p>
      </Show>
      <Show when={inspector.turn()} fallback={<p class="muted">{t('Reading the turn…')}</p>}>
        {(turn) => {
          const author = (): string => props.nameOf(turn().author);
          const generated = (): boolean => turn().origin === 'generated';
          /** A regenerated model-written turn is a new alternative: the story screen shows it. */
          const handTurns = createHandTurnChoices();
          const regenerate = async (stale?: StaleChoice): Promise<void> => {
            if (busy()) return;
            const wasGenerated = generated();
            const rewrote = stale !== undefined && stale !== 'keep';
            if ((await inspector.regenerateFrom(stale)) && (wasGenerated || rewrote)) close();
          };
          return (
            <div class="stack">
              <div
                class="variant variant-source"
                role="group"
                aria-labelledby={`${id}-source-title`}
                onFocusIn={(e) => e.target instanceof HTMLTextAreaElement && editing()(true)}
                onFocusOut={(e) => e.target instanceof HTMLTextAreaElement && editing()(false)}
              >
                <div class="variant-head">
                  <h3 id={`${id}-source-title`}>{t('Source by {name}', { name: author() })}</h3>
                  <Badges
                    names={[
                      ...(turn().stale ? ['stale' as const] : []),
                      ...(turn().edited ? ['edited' as const] : []),
                      ...(turn().cut ? ['cut off' as const] : []),
                    ]}
                  />
                  <EditingBadge peers={presence.editing(props.turnId)} />
                </div>
                <p class="hint">
                  {generated()
                    ? t("{name}'s own words, written by the model (private thoughts included).", {
                        name: author(),
                      })
                    : t('Written by hand as {name}.', { name: author() })}
                </p>
                <LiveTextField
                  id={`${id}-source`}
                  label={t('What {name} wrote', { name: author() })}
                  value={turn().source}
                  rows={4}
                  emptyHint={t('A turn cannot be empty: write something, or regenerate it.')}
                  onDelta={(delta) => inspector.editSource(delta)}
                />
                <div class="inspector-actions">
                  <button
                    type="button"
                    class="small secondary"
                    title={regenerateTitle(generated())}
                    aria-disabled={busy()}
                    onClick={() => void regenerate()}
                  >
                    {t('Regenerate from here')}
                  </button>
                  <Show when={turn().stale}>
                    <button
                      type="button"
                      class="small secondary"
                      title={t(
                        'Accept this turn as it is, and the stale history it rests on; nothing is regenerated',
                      )}
                      aria-disabled={busy()}
                      onClick={() => !busy() && void inspector.keepAsIs()}
                    >
                      {t('Keep as is')}
                    </button>
                  </Show>
                  <button
                    type="button"
                    class="small secondary"
                    title={t(
                      'Continue the story from this turn: the turns after it are kept as an alternative, and the next turn starts a new branch here',
                    )}
                    aria-disabled={busy()}
                    onClick={async () => {
                      const branched = busy() ? null : await inspector.branchFrom();
                      if (!branched) return;
                      close();
                      props.onBranched(branched);
                    }}
                  >
                    {t('Branch from here')}
                  </button>
                </div>
                <Show when={turn().given}>
                  {(given) => (
                    <GivenSummary
                      title={t('What {name} was given', { name: author() })}
                      given={given()}
                      storyId={props.storyId}
                      turnId={props.turnId}
                    />
                  )}
                </Show>
                <Show when={inspector.staleBefore()}>
                  {(stale) => (
                    <div class="stale-banner" role="alert">
                      <p>
                        {t(
                          'Turns before this one were written from an earlier version of the story. Keep them as they are, or rewrite them first (a new branch; the current ones stay one swipe away).',
                        )}
                      </p>
                      <StaleHandTurns
                        turns={stale().handTurns ?? []}
                        choices={handTurns}
                        nameOf={props.nameOf}
                      />
                      <div class="inspector-actions">
                        <button type="button" class="small secondary" onClick={() => void regenerate('keep')}>
                          {t('Keep them and regenerate')}
                        </button>
                        <button
                          type="button"
                          class="small secondary"
                          onClick={() => void regenerate(handTurns.rewrite(stale().handTurns ?? []))}
                        >
                          {t('Rewrite them and regenerate')}
                        </button>
                      </div>
                    </div>
                  )}
                </Show>
              </div>
              <For each={audiences()}>
                {(audience, index) => (
                  <Show when={variant(audience)}>
                    {(v) => (
                      <VariantCard
                        id={`${id}-variant-${index()}`}
                        variant={v()}
                        you={audience === props.userId}
                        inspector={inspector}
                        editors={presence.editing(props.turnId, audience)}
                        onEditing={editing(audience)}
                      />
                    )}
                  </Show>
                )}
              </For>
            </div>
          );
        }}
      </Show>
    </dialog>
  );
}
