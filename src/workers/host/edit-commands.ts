// Editing commands from the turn inspector: edit a source or a variant (as deltas, so concurrent edits
// merge), mark perceived nothing, regenerate, keep as is, switch branches or start one at a turn.
import type { EditApi } from '../api/edit.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { editSource } from '../../driver/doc/turns.ts';
import { editPovText, markPerceivedNothing, readPov } from '../../driver/doc/pov.ts';
import { newestLeafUnder, setActiveLeaf } from '../../driver/doc/tree.ts';
import { activeLeaf, hasTurn } from '../../driver/doc/turns.ts';
import { keepAsIs } from '../../driver/views/keep.ts';
import { regenerate, regenerateView } from '../../driver/turns/commands.ts';
import type { Failure, Result } from '../api.ts';
import { isFailure, noTurn, type HostContext } from './context.ts';
import type { Generations } from './play-commands.ts';
import type { OpenStory } from '../store/story-store.ts';
import { uiText } from '../i18n/ui-text.ts';

/** An edit that would leave a text empty: what happened and what to do instead. */
const emptyEdit = (view: boolean): Failure => ({
  ok: false,
  code: 'invalid',
  detail: view
    ? uiText(
        'A view cannot be empty: deleting its text does not mean they perceived nothing. Write what they perceived, or use Mark as perceived nothing.',
      )
    : uiText('A turn cannot be empty: write something, or regenerate it.'),
});

export function editCommands(ctx: HostContext, generations: Generations): EditApi {
  /** Runs an edit on an open story's existing turn. */
  const withTurn = async (
    storyId: string,
    turnId: string,
    edit: (story: OpenStory) => Result | void,
  ): Promise<Result> => {
    const story = await ctx.story(storyId);
    if (isFailure(story)) return story;
    if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
    return edit(story) ?? { ok: true };
  };
  const expected = (story: OpenStory, turnId: string, audience: string) =>
    story.views.node(turnId).pov.get(audience)?.expected ?? '';

  return {
    editSource: (storyId, turnId, delta) =>
      withTurn(storyId, turnId, (s) =>
        editSource(s.doc, turnId, { delta }, DocOrigin.person).ok ? { ok: true } : emptyEdit(false),
      ),

    editPov: (storyId, turnId, audience, delta) =>
      withTurn(storyId, turnId, (s) => {
        if (!readPov(s.doc, turnId, audience)) throw new Error(`no POV record ${turnId}/${audience} to edit`);
        const r = editPovText(
          s.doc,
          turnId,
          audience,
          { delta },
          expected(s, turnId, audience),
          DocOrigin.person,
        );
        return r.ok ? { ok: true } : emptyEdit(true);
      }),

    markPerceivedNothing: (storyId, turnId, audience) =>
      withTurn(storyId, turnId, (s) =>
        markPerceivedNothing(s.doc, turnId, audience, expected(s, turnId, audience), DocOrigin.person),
      ),

    keepAsIs: (storyId, turnId, audience) =>
      withTurn(storyId, turnId, (s) => {
        keepAsIs(
          s.doc,
          s.views,
          audience === undefined ? { turnId } : { turnId, audience },
          DocOrigin.person,
        );
      }),

    switchBranch: (storyId, turnId) =>
      withTurn(storyId, turnId, (s) =>
        setActiveLeaf(s.doc, newestLeafUnder(s.doc, turnId), DocOrigin.person),
      ),

    // The turns after it stay in the tree: the next turn becomes their sibling (an alternative).
    // Where the path ended before is told, so the person has a way back.
    async branchFrom(storyId, turnId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
      const leaf = activeLeaf(story.doc);
      setActiveLeaf(story.doc, turnId, DocOrigin.person);
      return { ok: true, turn: story.views.path(turnId).length, leaf: leaf === turnId ? null : leaf };
    },

    regenerateProjection(storyId, turnId, audience) {
      return generations.run(storyId, async (story, env) =>
        hasTurn(story.doc, turnId) ? regenerateView(story, env, turnId, audience) : noTurn(turnId),
      );
    },

    regenerateFrom(storyId, turnId, opts = {}) {
      return generations.run(storyId, async (story, env) => {
        if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
        const r = await regenerate(story, env, turnId, opts);
        return r.ok ? { ok: true } : r;
      });
    },
  };
}
