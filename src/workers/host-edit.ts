// Editing commands from the turn inspector: edit a source or a variant (as deltas, so concurrent edits
// merge), mark perceived nothing, regenerate, keep as is, switch branches or start one at a turn.
import { editSource } from '../driver/doc/turns.ts';
import { editPovText, markPerceivedNothing, readPov } from '../driver/doc/pov.ts';
import { newestLeafUnder, setActiveLeaf } from '../driver/doc/tree.ts';
import { hasTurn } from '../driver/doc/turns.ts';
import { keepAsIs } from '../driver/keep-as-is.ts';
import { freshen } from '../driver/freshen.ts';
import { projectTurn } from '../driver/projection.ts';
import { projectNewTurn, takeTurn } from '../driver/turn-loop.ts';
import type { DriverApi, Failure } from './api.ts';
import { isFailure, type HostContext } from './host-context.ts';
import type { Generations } from './host-play.ts';
import type { OpenStory } from './story-store.ts';
import { uiText } from './ui-text.ts';

type EditApi = Pick<
  DriverApi,
  | 'editSource'
  | 'editPov'
  | 'markPerceivedNothing'
  | 'regenerateProjection'
  | 'regenerateFrom'
  | 'keepAsIs'
  | 'switchBranch'
  | 'branchFrom'
>;

const noTurn = (turnId: string): Failure => ({
  ok: false,
  code: 'not-found',
  detail: uiText('No turn {turnId} in this story.', { turnId }),
});

export function editCommands(ctx: HostContext, generations: Generations): EditApi {
  /** Runs an edit on an open story's existing turn. */
  const withTurn = async (storyId: string, turnId: string, edit: (story: OpenStory) => void) => {
    const story = await ctx.story(storyId);
    if (isFailure(story)) return story;
    if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
    edit(story);
    return { ok: true as const };
  };
  const expected = (story: OpenStory, turnId: string, audience: string) =>
    story.views.node(turnId).pov.get(audience)?.expected ?? '';

  return {
    editSource: (storyId, turnId, delta) =>
      withTurn(storyId, turnId, (s) => editSource(s.doc, turnId, delta, 'ui')),

    editPov: (storyId, turnId, audience, delta) =>
      withTurn(storyId, turnId, (s) => {
        if (!readPov(s.doc, turnId, audience)) throw new Error(`no POV record ${turnId}/${audience} to edit`);
        editPovText(s.doc, turnId, audience, { delta }, expected(s, turnId, audience), 'ui');
      }),

    markPerceivedNothing: (storyId, turnId, audience) =>
      withTurn(storyId, turnId, (s) =>
        markPerceivedNothing(s.doc, turnId, audience, expected(s, turnId, audience), 'ui'),
      ),

    keepAsIs: (storyId, turnId, audience) =>
      withTurn(storyId, turnId, (s) => {
        keepAsIs(s.doc, s.views, audience === undefined ? { turnId } : { turnId, audience }, 'ui');
      }),

    switchBranch: (storyId, turnId) =>
      withTurn(storyId, turnId, (s) => setActiveLeaf(s.doc, newestLeafUnder(s.doc, turnId), 'ui')),

    // The turns after it stay in the tree: the next turn becomes their sibling (an alternative).
    branchFrom: (storyId, turnId) => withTurn(storyId, turnId, (s) => setActiveLeaf(s.doc, turnId, 'ui')),

    regenerateProjection(storyId, turnId, audience) {
      return generations.run(storyId, async (story, env) => {
        if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
        // The user asked for this one explicitly, so an edited record may be replaced; its history not.
        const ready = await freshen(story, env, [audience], story.views.node(turnId).parent?.id ?? null);
        if (!ready.ok) return ready;
        return projectTurn(story, env, turnId, audience);
      });
    },

    regenerateFrom(storyId, turnId) {
      return generations.run(storyId, async (story, env) => {
        if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
        const node = story.views.node(turnId);
        if (node.turn.origin === 'authored') {
          // An authored source stays; every audience's view of it is made again.
          for (const [audience] of node.pov) {
            const r = await projectTurn(story, env, turnId, audience);
            if (!r.ok) return r;
          }
          return projectNewTurn(story, env, turnId);
        }
        // A generated turn gets an alternative: a sibling by the same author, which becomes the path.
        setActiveLeaf(story.doc, node.parent?.id ?? null, env.origin);
        const r = await takeTurn(story, env, { actor: node.turn.author });
        if (!r.ok) setActiveLeaf(story.doc, turnId, env.origin);
        return r.ok ? { ok: true } : r;
      });
    },
  };
}
