// "Test this text": the library's lorebooks scanned for one character on one text, as if it were the
// newest message of its window (no history, nothing fired before), with every reason in words.
import type { LoreTestApi } from '../api/world.ts';
import { z } from 'zod';
import { readLorebook } from '../../driver/doc/library-worlds.ts';
import { DEFAULT_LORE_SETTINGS, loreSettingsSchema, type LoreBook } from '../../driver/doc/lore-book.ts';
import { estimateTokens } from '../../driver/budget/tokens.ts';
import { activateLore } from '../../driver/lore/activate.ts';
import { createSeededRandom } from '../../driver/lore/seeded-random.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { HostContext } from './context.ts';
import { loreScanView } from './lore-scan-view.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

/** The context the budget is a share of: a common local model's, since a test asks no backend. */
export const TEST_CONTEXT_TOKENS = 8192;

const PERCENT = 100;

const testInputSchema = z.object({
  books: z.array(z.string().min(1)).min(1),
  text: z.string().max(100_000),
  character: z.string().max(200),
  settings: loreSettingsSchema.partial().optional(),
});

export function loreTestCommand(ctx: HostContext): LoreTestApi {
  return {
    async testLore(input) {
      const parsed = safeParseIn(testInputSchema, input, workerUiLanguage());
      if (!parsed.success)
        return {
          ok: false,
          code: 'invalid',
          detail: uiText('The text was not tested: {reason}', { reason: parsed.issues[0]?.message ?? '' }),
        };
      await ctx.store.ready;
      const books: LoreBook[] = [];
      for (const id of parsed.data.books) {
        const book = readLorebook(ctx.store.library, id);
        if (!book)
          return { ok: false, code: 'invalid', detail: uiText('The library has no lorebook {id}.', { id }) };
        books.push(book);
      }
      const settings = { ...DEFAULT_LORE_SETTINGS, ...parsed.data.settings };
      const budget = Math.floor((settings.budgetPercent / PERCENT) * TEST_CONTEXT_TOKENS);
      const { text, character } = parsed.data;
      const scan = activateLore({
        entries: books.flatMap((book) => book.entries.map((entry) => ({ book: book.id, entry }))),
        settings,
        messages: [text],
        character,
        messageCount: 1,
        lastFired: new Map(),
        budget,
        tokens: estimateTokens,
        random: createSeededRandom(text),
      });
      return { ok: true, scan: loreScanView(scan, books, { tokens: estimateTokens, budget }) };
    },
  };
}
