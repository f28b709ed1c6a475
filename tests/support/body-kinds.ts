// What the answer scripts of the HTTP test servers decide by: which operation a request is and whom
// it is for, read from its JSON body as it arrived. Every request begins with the common rules; a
// participant's goes on with "This request is for NAME." and its window, then the operation's own rules
// (src/driver/turns/point-of-view.ts); the selector's, a batch's and the chronicler's name their schema.
import type { ChatBody } from './openai-server.ts';
import { subjectOf, windowOf } from './driver-env.ts';
import type { ChatRole } from '../../src/driver/model.ts';

export type BodyKind =
  'selector' | 'batch' | 'chronicle' | 'project' | 'actor' | 'suggest' | 'hint' | 'other';

/** The name of the JSON schema a request asks its answer in, if any. */
export const schemaOf = (body: ChatBody): string | undefined =>
  (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;

/** The operation's own rules, after the participant's window, in English and in Chinese. */
const RULES: ReadonlyArray<readonly [BodyKind, RegExp]> = [
  ['project', /\n\nNow you are .+?'s perception filter: |\n\n现在你是.+?的感知过滤器：/],
  ['actor', /\n\nNow write .+?'s next turn as |\n\n现在以.+?的身份写/],
  ['suggest', /\n\nYou suggest the next turn of /],
  ['hint', /\n\nYou are the plot author /],
];

export function bodyKind(body: ChatBody): BodyKind {
  const schema = schemaOf(body);
  if (schema === 'next_actor') return 'selector';
  if (schema === 'projections') return 'batch';
  if (schema === 'chronicle') return 'chronicle';
  const system = body.messages[0]?.content ?? '';
  return RULES.find(([, rule]) => rule.test(system))?.[0] ?? 'other';
}

const asRequest = (body: ChatBody) => ({
  messages: body.messages.map((m) => ({ role: m.role as ChatRole, content: m.content })),
});

/** Whom a participant's request is for (a projection's: its target); the selector's is for nobody. */
export const bodySubject = (body: ChatBody): string | undefined =>
  subjectOf(asRequest(body)) ?? /^这个请求是为(.+?)而发的。/m.exec(body.messages[0]?.content ?? '')?.[1];

/** The window a participant's request shows: its story so far, as the system message tells it. */
export function bodyWindow(body: ChatBody): string {
  const english = windowOf(asRequest(body));
  if (english) return english;
  // roleplay/point-of-view in Chinese: "…以NAME的视角（…）：\n\nHISTORY", then the operation's rules.
  const system = body.messages[0]?.content ?? '';
  const from = system.indexOf('的视角（');
  const start = from < 0 ? -1 : system.indexOf('）：\n\n', from);
  if (start < 0) return '';
  const rest = system.slice(start + '）：\n\n'.length);
  const end = rest.search(/\n\n(现在以|现在你是|你负责记住|你为|你是这场角色扮演的情节作者)/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** True for a request of `kind` made for `name`. */
export const isFor = (body: ChatBody, kind: BodyKind, name: string): boolean =>
  bodyKind(body) === kind && bodySubject(body) === name;
