// What of the story another device wrote so that it cannot be read (synced state is untrusted): the
// story opens with the rest, and this says what was left out, in plain words, with each part behind
// "Which parts". Asked after the story is shown, and again on every change of it.
import { For, Show, createResource, onCleanup, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import type { StoryProblem, StoryProblemCode } from '../../workers/api.ts';
import { nameList, t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

/** The summary's pieces, in this order, each told with how many problems of that code there are. */
const SUMMARY: ReadonlyArray<[StoryProblemCode, (count: number) => string]> = [
  ['unreadable-turn', (count) => t('turns skipped: {count}', { count })],
  ['parent-cycle', (count) => t('loops in the order of turns cut: {count}', { count })],
  ['missing-parent', (count) => t('turns whose earlier turn is missing: {count}', { count })],
  ['unreadable-view', (count) => t('perceptions skipped: {count}', { count })],
  ['unreadable-participant', (count) => t('participants left out: {count}', { count })],
  ['lost-leaf', (count) => t('where the story ends: {count}', { count })],
  ['unreadable-meta', (count) => t('story details read as their defaults: {count}', { count })],
  ['unreadable-chronicle', (count) => t('memory records skipped: {count}', { count })],
];

/** One problem in words. */
function problemText(p: StoryProblem, nameOf: (id: string) => string): string {
  switch (p.code) {
    case 'unreadable-turn':
      return t('Turn {id} cannot be read ({field}) and is left out.', { id: p.turnId, field: p.field });
    case 'parent-cycle':
      return t(
        'The turns before turn {id} loop back on themselves: the story is read from where the loop closes.',
        {
          id: p.turnId,
        },
      );
    case 'missing-parent':
      return t('Turn {id} follows a turn this device does not have ({parent}).', {
        id: p.turnId,
        parent: p.parent,
      });
    case 'unreadable-view':
      return t('What {name} perceived of turn {id} cannot be read ({field}): it counts as not written yet.', {
        name: nameOf(p.audience),
        id: p.turnId,
        field: p.field,
      });
    case 'unreadable-participant':
      return t('Participant {id} cannot be read ({field}) and is left out of the cast.', {
        id: p.participantId,
        field: p.field,
      });
    case 'unreadable-meta':
      return t('The story’s {field} cannot be read: the default is used.', { field: p.field });
    case 'lost-leaf': {
      const leaf = p.depth === undefined ? (p.leaf ?? '?') : `${p.leaf ?? '?'} @ ${p.depth}`;
      return p.shown === null
        ? t(
            'Another device set where this story ends to a turn this device cannot find ({leaf}). No turn can be read in its place.',
            { leaf },
          )
        : t(
            'Another device set where this story ends to a turn this device cannot find ({leaf}). The story is shown up to its newest turn that can be read instead.',
            { leaf },
          );
    }
    case 'unreadable-chronicle':
      return t('A record of what {name} remembers cannot be read ({key}) and is left out.', {
        name: nameOf(p.participantId),
        key: p.key,
      });
    default:
      return p satisfies never;
  }
}

export function UnreadableNotice(props: { story: Pick<StoryState, 'storyId' | 'nameOf'> }): JSX.Element {
  const { api, onStoryChanged } = useDriver();
  const [read, { refetch }] = createResource(
    () => props.story.storyId,
    async (storyId) => {
      const r = await api.storyProblems(storyId);
      return r.ok ? r.problems : [];
    },
  );
  onCleanup(onStoryChanged(props.story.storyId, () => void refetch()));
  const problems = (): StoryProblem[] => read.latest ?? [];
  // A lost leaf is repaired by writing the turn shown in its place (U5); the change refetches.
  const lostLeaf = () => problems().find((p) => p.code === 'lost-leaf' && p.shown !== null);
  const repair = () => void api.repairLeaf(props.story.storyId);
  const summary = () =>
    SUMMARY.flatMap(([code, words]) => {
      const count = problems().filter((p) => p.code === code).length;
      return count ? [words(count)] : [];
    });
  return (
    <Show when={problems().length > 0}>
      <div class="unreadable-notice" role="status">
        <p>
          {t(
            'This story has parts another device wrote that cannot be read: {parts}. It opens with the rest.',
            {
              parts: nameList(summary()),
            },
          )}
        </p>
        <Show when={lostLeaf()}>
          {(p) => (
            <p class="unreadable-leaf">
              {problemText(p(), props.story.nameOf)}{' '}
              <button
                type="button"
                title={t('Make the turn shown the end of the story on every device')}
                onClick={repair}
              >
                {t('Repair')}
              </button>
            </p>
          )}
        </Show>
        <details>
          <summary>{t('Which parts')}</summary>
          <ul>
            <For each={problems()}>{(p) => <li>{problemText(p, props.story.nameOf)}</li>}</For>
          </ul>
        </details>
      </div>
    </Show>
  );
}
