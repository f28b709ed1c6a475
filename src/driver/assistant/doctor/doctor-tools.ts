// The session doctor's tools over one story: read its state (stale items, perceptions not written,
// the generation that failed, how full each participant's last request was, memory changes waiting
// for review) and propose the fixes the story screen already has — write the missing views, keep
// a stale item, rewrite the stale history, run the failed generation again, decide a review. Each
// fix is checked when proposed and again at Apply against the story as it is then; applying it runs
// the app's own command (`DoctorFixes`, most of them model commands, hence an async Apply).
import { z } from 'zod';
import type { Language } from '../../doc/schema.ts';
import type { Story } from '../../env.ts';
import { tr } from '../../i18n/messages.ts';
import { staleHistory } from '../../turns/stale-history.ts';
import type { StaleItem } from '../../views/stale-items.ts';
import {
  BUDGET_PRESSURE_SHARE,
  budgetRows,
  isStale,
  missingRows,
  reviewRows,
  staleChronicleCount,
  staleRows,
  type MissingRow,
} from './doctor-state.ts';
import {
  ChangeAction,
  readTool,
  writeTool,
  type ApplyOutcome,
  type AssistantTool,
  type Change,
  type ProposeOutcome,
} from '../tools.ts';

/** The last generating command of the story that failed (none once a later one succeeded), in the person's words. */
export interface FailedGeneration {
  detail: string;
  /** What running it again does. */
  again: string;
}

/** The app's commands a fix runs; each answers once it has ended, a failure with its reason. */
export interface DoctorFixes {
  writeMissingViews(): Promise<ApplyOutcome>;
  keep(item: StaleItem): Promise<ApplyOutcome>;
  rewriteStale(): Promise<ApplyOutcome>;
  retryFailed(): Promise<ApplyOutcome>;
  review(participant: string, changeId: string, decision: 'accepted' | 'rejected'): Promise<ApplyOutcome>;
}

export interface DoctorToolsInput {
  story: Story;
  language: Language;
  lastFailure(): FailedGeneration | undefined;
  fixes: DoctorFixes;
}

const none = z.object({});
const staleArgs = z.object({
  turnId: z.string().min(1).describe('The turn id, as list_stale_items gives it'),
  audience: z
    .string()
    .min(1)
    .optional()
    .describe("The participant id whose view it is; absent: the character's turn itself"),
});
const reviewArgs = z.object({
  participant: z.string().min(1).describe('Whose memory, as list_memory_reviews gives it'),
  changeId: z.string().min(1),
  decision: z.enum(['accepted', 'rejected']),
});

const json = (value: unknown) => ({ ok: true as const, result: JSON.stringify(value) });

/** What the proposed rewrite leaves: the person's turns after its fork stay on the old branch (H9). */
function rewriteAfter(language: Language, handTurns: number): string {
  if (handTurns === 0) return tr(language, 'Rewritten by the model; what a person wrote is kept.');
  return handTurns === 1
    ? tr(
        language,
        'Rewritten by the model on a new branch; the turn written or edited by hand after the first one rewritten stays on the old branch.',
      )
    : tr(
        language,
        'Rewritten by the model on a new branch; the {count} turns written or edited by hand after the first one rewritten stay on the old branch.',
        { count: handTurns },
      );
}

export function doctorTools(input: DoctorToolsInput): AssistantTool[] {
  const { story, language } = input;
  const refuse = (error: string) => ({ ok: false as const, error });

  /** A fix: checked now and again at Apply (`check` null when it can be applied), then the app's command. */
  function fix(
    check: () => string | null,
    shown: Omit<Change, 'apply' | 'action'>,
    run: () => Promise<ApplyOutcome>,
  ): ProposeOutcome {
    const problem = check();
    if (problem) return refuse(problem);
    return {
      ok: true,
      change: {
        action: ChangeAction.edit,
        ...shown,
        apply: () => {
          const now = check();
          return now ? refuse(now) : run();
        },
      },
    };
  }

  const missingText = (rows: MissingRow[]) =>
    rows
      .map((r) => tr(language, '{name}: turns {turns}', { name: r.name, turns: r.turns.join(', ') }))
      .join('\n');

  const staleLabel = (item: StaleItem) => {
    const node = story.views.node(item.turnId);
    const { nameOf } = story.views.cast();
    return item.audience === undefined
      ? tr(language, 'Turn {turn} by {author}', { turn: node.index + 1, author: nameOf(node.turn.author) })
      : tr(language, 'What {name} perceived of turn {turn}', {
          name: nameOf(item.audience),
          turn: node.index + 1,
        });
  };

  return [
    readTool({
      name: 'read_story_health',
      description:
        'An overview of the story: how many stale items, perceptions not written, memory changes waiting for review, requests near their context limit, and whether a generation failed. Call it first.',
      args: none,
      run: () =>
        json({
          title: story.views.meta().title,
          // A segmented story's path holds its loaded tail: the leaf's depth counts every turn.
          turns: (story.views.path().at(-1)?.index ?? -1) + 1,
          staleItems: staleRows(story).length,
          staleChronicles: staleChronicleCount(story),
          missingViews: missingRows(story).reduce((n, r) => n + r.turns.length, 0),
          failedGeneration: input.lastFailure() !== undefined,
          requestsUnderPressure: budgetRows(story).filter((r) => r.pressure).length,
          memoryReviews: reviewRows(story).length,
        }),
    }),
    readTool({
      name: 'list_stale_items',
      description:
        'The stale items of the active path: turns and views written from an earlier version of the story (an earlier turn was edited since). byHand: a person wrote or edited it, and a rewrite keeps it.',
      args: none,
      run: () => json({ items: staleRows(story), staleChronicles: staleChronicleCount(story) }),
    }),
    readTool({
      name: 'list_missing_views',
      description:
        'Perceptions not written yet on the active path: per participant, the turns (numbered from 1) whose view of theirs is missing.',
      args: none,
      run: () => json({ missing: missingRows(story) }),
    }),
    readTool({
      name: 'read_failed_generation',
      description:
        'The last generation of this story that failed, if no later one succeeded: why, and what retrying does.',
      args: none,
      run: () => json({ failed: input.lastFailure() ?? null }),
    }),
    readTool({
      name: 'read_budget',
      description: `Each participant's newest request on the active path: prompt tokens, answer room, the context, their share of it (pressure at ${BUDGET_PRESSURE_SHARE} or more) and how many of their transcript's entries were left out of the window (told by memories).`,
      args: none,
      run: () => json({ requests: budgetRows(story) }),
    }),
    readTool({
      name: 'list_memory_reviews',
      description:
        'Changes to what a participant remembers (relationships, knowledge, goals) that wait for the person to accept or reject, with their evidence.',
      args: none,
      run: () => json({ reviews: reviewRows(story) }),
    }),
    writeTool({
      name: 'write_missing_views',
      description:
        'Proposes writing every missing perception of the active path with the model, in story order (the person applies it).',
      args: none,
      propose: () =>
        fix(
          () =>
            missingRows(story).length === 0
              ? tr(language, 'No perception is missing on the active path now.')
              : staleHistory(story)
                ? tr(
                    language,
                    'The history is stale: keep it or rewrite it first, then write the missing views.',
                  )
                : null,
          {
            heading: 'fix',
            label: tr(language, 'Perceptions not written yet'),
            before: missingText(missingRows(story)),
            after: tr(language, 'Each one written by the model, in story order.'),
          },
          () => input.fixes.writeMissingViews(),
        ),
    }),
    writeTool({
      name: 'keep_stale_item',
      description:
        'Proposes keeping one stale item as it is (with the stale items it rests on): it is no longer stale, nothing is regenerated.',
      args: staleArgs,
      propose: (args) => {
        const item: StaleItem =
          args.audience === undefined
            ? { turnId: args.turnId }
            : { turnId: args.turnId, audience: args.audience };
        const onPath = story.views.path().some((n) => n.id === item.turnId);
        if (!onPath)
          return refuse(tr(language, 'No turn {turnId} on the active path.', { turnId: item.turnId }));
        return fix(
          () =>
            isStale(story, item)
              ? null
              : tr(language, '{label} is not stale now: it was kept or rewritten meanwhile.', {
                  label: staleLabel(item),
                }),
          {
            heading: 'fix',
            label: staleLabel(item),
            before: tr(language, 'Written from an earlier version of the story (stale).'),
            after: tr(language, 'Kept as it is: no longer stale.'),
          },
          () => input.fixes.keep(item),
        );
      },
    }),
    writeTool({
      name: 'rewrite_stale_history',
      description:
        "Proposes rewriting the active path's stale history with the model: stale views are written again in place up to the first stale character turn, which continues on a new branch beside the old one. Text a person wrote or edited is kept: before that turn in place, after it on the old branch (the person copies such turns onto the new branch from the story screen).",
      args: none,
      propose: () => {
        const stale = staleHistory(story);
        return fix(
          () => (staleHistory(story) ? null : tr(language, 'Nothing on the active path is stale now.')),
          {
            heading: 'fix',
            label: tr(language, 'The stale history'),
            before: stale
              ? tr(language, '{count} turns stale from turn {turn} ({hand} written or edited by hand).', {
                  count: stale.turns.length,
                  turn: stale.from + 1,
                  hand: stale.byHand,
                })
              : '',
            after: rewriteAfter(language, stale?.handTurns?.length ?? 0),
          },
          () => input.fixes.rewriteStale(),
        );
      },
    }),
    writeTool({
      name: 'retry_failed_generation',
      description:
        'Proposes running the failed generation again (read_failed_generation says what that does).',
      args: none,
      propose: () => {
        const failed = input.lastFailure();
        return fix(
          () =>
            input.lastFailure()
              ? null
              : tr(language, 'No generation of this story has failed since the last one that succeeded.'),
          {
            heading: 'fix',
            label: tr(language, 'The generation that failed'),
            before: failed?.detail ?? '',
            after: failed?.again ?? '',
          },
          () => input.fixes.retryFailed(),
        );
      },
    }),
    writeTool({
      name: 'review_memory_change',
      description:
        "Proposes accepting or rejecting a change to a participant's memory that waits for review.",
      args: reviewArgs,
      propose: ({ participant, changeId, decision }) => {
        const find = () =>
          reviewRows(story).find((r) => r.participant === participant && r.changeId === changeId);
        const row = find();
        if (!row) return refuse(tr(language, 'That change is no longer waiting for review.'));
        return fix(
          () => (find() ? null : tr(language, 'That change is no longer waiting for review.')),
          {
            heading: 'fix',
            label: tr(language, 'What {name} remembers: {subject} ({domain})', {
              name: row.name,
              subject: row.subject,
              domain: row.domain,
            }),
            before: tr(language, 'Waiting for review: {value}', { value: row.value }),
            after: decision === 'accepted' ? row.value : tr(language, 'Rejected: not remembered.'),
          },
          () => input.fixes.review(participant, changeId, decision),
        );
      },
    }),
  ];
}
