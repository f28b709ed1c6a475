// The import's optional model step for one library character: the model splits its card into world
// pieces (the character, people, places, factions, things, lore), the person ticks the ones to keep,
// and those become a world of their own in which the character knows them all.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type { WorldPiece } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { kindLabel } from '../worlds/world-words.ts';

export function CardWorldPanel(props: { characterId: string; name: string }): JSX.Element {
  const { api } = useDriver();
  const [pieces, setPieces] = createSignal<WorldPiece[]>();
  const [kept, setKept] = createSignal<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal('');
  const [done, setDone] = createSignal('');
  const split = async (): Promise<void> => {
    setError('');
    setDone('');
    setBusy(true);
    const r = await runCommand(() => api.cardWorld(props.characterId), {
      error: setError,
      cancelled: setError,
    });
    setBusy(false);
    if (!r.ok) return;
    setPieces(r.pieces);
    setKept(new Set(r.pieces.map((_, i) => i)));
  };
  const accept = async (): Promise<void> => {
    const all = pieces() ?? [];
    const chosen = all.filter((_, i) => kept().has(i));
    const r = await runCommand(() => api.acceptCardWorld(props.characterId, chosen), {
      error: setError,
      cancelled: setError,
    });
    if (!r.ok) return;
    setPieces(undefined);
    setDone(
      t('A world of {count} pieces was made from {name}’s card (Worlds, in the header).', {
        count: chosen.length,
        name: props.name,
      }),
    );
  };
  const toggle = (i: number, on: boolean) => {
    const next = new Set(kept());
    if (on) next.add(i);
    else next.delete(i);
    setKept(next);
  };
  return (
    <div class="card-world">
      <button type="button" class="secondary small" disabled={busy()} onClick={() => void split()}>
        {busy() ? t('Reading the card…') : t('Make a world from its card')}
      </button>
      <Show when={pieces()}>
        {(list) => (
          <fieldset class="group">
            <legend>{t('What {name}’s card names: keep what is right', { name: props.name })}</legend>
            <For each={list()}>
              {(piece, i) => (
                <label class="check card-piece">
                  <input
                    type="checkbox"
                    checked={kept().has(i())}
                    onChange={(e) => toggle(i(), e.currentTarget.checked)}
                  />
                  <span>
                    <strong>{piece.name}</strong> ({kindLabel(piece.kind)}) — {piece.body}
                  </span>
                </label>
              )}
            </For>
            <div class="row">
              <button type="button" disabled={!kept().size} onClick={() => void accept()}>
                {t('Make the world')}
              </button>
              <button type="button" class="secondary" onClick={() => setPieces(undefined)}>
                {t('Cancel')}
              </button>
            </div>
          </fieldset>
        )}
      </Show>
      <Show when={done()}>
        <p role="status">{done()}</p>
      </Show>
      <ErrorAlert message={error()} />
    </div>
  );
}
