// The price group's model server: tests/support/openai-server.ts scripted to answer as
// ../shared/tools/scene-check/mock-openai.mjs does where the price depends on it. Every answer carries
// its request number (`REQ-n`), which is how the simulation finds the request that wrote a view; prose
// is padded to about a real turn's length, a projection to the length of the turn it rewrites; a
// structured answer is built from its schema; GET /props tells a context and a slot count as llama.cpp
// does. Each request is kept in memory with the time it arrived.
import { startOpenAIServer, type ChatBody } from '../support/openai-server.ts';

/** Words of prose in a character's turn: a real model's turn is 100–300 words. */
const PROSE_WORDS = 150;
/** About the words of the opening sentence every prose answer has: a projection pads the rest. */
const LEAD_WORDS = 12;
/** How many characters a quoted stretch of the request may take (mock-openai.mjs's 10–40). */
const QUOTE = { shortest: 10, longest: 40 };

/** What the server was sent and answered, in the order requests arrived. */
export interface LoggedRequest {
  n: number;
  /** Date.now() when the request arrived. */
  at: number;
  body: ChatBody;
  content: string;
  /** llama.cpp's `id_slot`, when the request named one. */
  slot?: number;
}

export interface PriceServer {
  baseURL: string;
  log: LoggedRequest[];
  close(): Promise<void>;
}

const WORDS_EN =
  'kettle moss hinge ember quay pewter thistle rafter cinder ledge brine sleeve shutter anchor ladder gutter pane ash bucket twine oar chalk hearth latch drizzle flint lamp pier copper reed'.split(
    ' ',
  );
const WORDS_ZH =
  '炉 苔 铰链 余烬 码头 锡壶 蓟 椽子 灰 窗台 海水 袖子 百叶窗 锚 梯子 水沟 窗格 水桶 麻绳 桨 粉笔 门闩 细雨 火石 栈桥 铜 芦苇 木箱 帆布'.split(
    ' ',
  );
const CJK = /[\u4e00-\u9fff]/;
const CHINESE_TEXT = /[\u4e00-\u9fff]{8,}/;
/** mock-openai.mjs's test for a projection request: its system message speaks of perception. */
const PROJECTION = /perception|perceives|感知/i;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * The words of a text: runs between spaces, as mock-openai.mjs counts them; Chinese has no spaces, so
 * its words are the segmenter's (mock-openai.mjs would count a Chinese turn as a word or two and give
 * its projection no prose, where the brief asks for a projection as long as the turn it rewrites).
 */
function wordCount(text: string): number {
  if (!CJK.test(text)) return text.split(/\s+/).length;
  let n = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** `count` words of prose, the same for the same seed, a full stop after every twelfth. */
function prose(seed: number, chinese: boolean, count: number): string {
  const bank = chinese ? WORDS_ZH : WORDS_EN;
  let x = Math.imul(seed, 0x9e3779b1) >>> 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(bank[x % bank.length] as string);
    if (i % 12 === 11) out.push(chinese ? '。' : '.');
  }
  if (!out.length) return '';
  return chinese ? out.join('') : ` ${out.join(' ').replace(/ \./g, '.')}`;
}

const lead = (n: number, chinese: boolean) =>
  chinese
    ? `REQ-${n}：窗外的百叶窗被风吹得一下一下地敲着墙，炉火快要熄了。`
    : `REQ-${n}: Outside, a loose shutter knocks against the wall and the fire is burning low.`;
/** A structured answer's text field: short, as mock-openai.mjs's, unless it is a (batched) projection. */
const field = (n: number, key: string, chinese: boolean) =>
  chinese ? `REQ-${n}/${key}：楼下有人关上了门。` : `REQ-${n}/${key}: a door closes downstairs.`;

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (typeof p === 'string' ? p : ((p as { text?: string }).text ?? ''))).join('')
      : '';

interface Asked {
  n: number;
  chinese: boolean;
  /** Words of prose a projection's texts get: the length of the turn it rewrites (at most PROSE_WORDS); 0 for others. */
  projectionWords: number;
  /** A stretch of an earlier answer that the request carries, for fields that quote their input. */
  quote: string | undefined;
}

type Schema = {
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minItems?: number;
  minimum?: number;
};

/** A value of `schema`: names from enums, the least number, quotes for evidence, REQ-n prose for text. */
function valueOf(schema: Schema | undefined, key: string, asked: Asked, seed: number): unknown {
  if (!schema || typeof schema !== 'object') return field(asked.n, key, asked.chinese);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[seed % schema.enum.length];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const chosen = choices.find((s) => s.type !== 'null') ?? choices[0];
    return valueOf(chosen, key, asked, seed);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueOf(s, k, asked, seed + k.length)]),
    );
  if (type === 'array')
    return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, (_, i) =>
      valueOf(schema.items, key, asked, seed + i),
    );
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (/evidence|quote/i.test(key) && asked.quote) return asked.quote;
  return (
    field(asked.n, key, asked.chinese) + prose(asked.n + key.length, asked.chinese, asked.projectionWords)
  );
}

/** The answer to request `n`: from the schema when it sends one, else prose. */
function answer(body: ChatBody, n: number): string {
  const texts = body.messages.map((m) => textOf(m.content));
  const last = texts.at(-1) ?? '';
  const projecting = PROJECTION.test(texts[0] ?? '');
  // The new turn a projection rewrites is the last paragraph of the last message.
  const newTurn = last.split(/\n\s*\n/).pop() ?? '';
  const projectionWords = projecting
    ? Math.min(PROSE_WORDS, Math.max(0, wordCount(newTurn) - LEAD_WORDS))
    : 0;
  const quotable = new RegExp(`REQ-\\d+[:：][^\\[\\]\\n]{${QUOTE.shortest},${QUOTE.longest}}`);
  const quote = texts.reduceRight<string | undefined>(
    (found, t) => found ?? quotable.exec(t)?.[0],
    undefined,
  );
  const format = body.response_format as { type?: string; json_schema?: { schema?: Schema } } | undefined;
  const chinese = texts.some((t) => CHINESE_TEXT.test(t));
  const asked = { n, chinese, projectionWords, quote };
  if (format?.type === 'json_schema')
    return JSON.stringify(valueOf(format.json_schema?.schema, 'value', asked, n));
  return lead(n, chinese) + prose(n, chinese, projecting ? projectionWords : PROSE_WORDS);
}

export async function startPriceServer(opts: { context: number; slots: number }): Promise<PriceServer> {
  const log: LoggedRequest[] = [];
  const server = await startOpenAIServer({
    routes: {
      // llama.cpp's /props: the context of one slot, and how many slots keep a prompt.
      'GET /props': () => ({
        status: 200,
        body: {
          default_generation_settings: { n_ctx: opts.context, params: {} },
          n_ctx: opts.context,
          total_slots: opts.slots,
          model_path: 'price-bench.gguf',
        },
      }),
    },
    answer: (body, n) => {
      const content = answer(body, n);
      const slot = body.id_slot;
      log.push({ n, at: Date.now(), body, content, ...(typeof slot === 'number' ? { slot } : {}) });
      // As mock-openai.mjs reports it: a quarter of the request's characters.
      const promptTokens = Math.ceil(JSON.stringify(body).length / 4);
      return {
        text: content,
        chunkSize: 12,
        usage: { prompt_tokens: promptTokens, completion_tokens: Math.ceil(content.length / 4) },
      };
    },
  });
  return { baseURL: server.baseURL, log, close: () => server.close() };
}
