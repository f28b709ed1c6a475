// The scripted model of the eval tests, for the shipped eval scenes (en and zh). Its projector keeps
// what is said aloud ("…", “…”) and drops private thoughts ((…), （…）) — or, when leaky, copies the
// thoughts into the projection. Its actor repeats, aloud, every canary it read in another
// participant's turn, so a history that carries a secret shows in its words. Its judge says a text
// reveals every listed secret when it holds a parenthesised thought.
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import { chronicleAnswer } from './driver-env.ts';
import { bodyKind, bodySubject, bodyWindow } from './body-kinds.ts';
import type { ChatBody } from './openai-server.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

/** The shape of the shipped scenes' canaries, e.g. KX-4471-ZEPHYR. */
const CANARY = /\b[A-Z]{2}-\d{4}-[A-Z]{4,}\b/g;
const QUOTED = /"([^"]+)"|“([^”]+)”/g;
const THOUGHT = /\(([^)]*)\)|（([^）]*)）/g;

const canaries = (text: string) => [...new Set(text.match(CANARY) ?? [])];
const captured = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => (m[1] ?? m[2] ?? '').trim());
const isChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

export interface EvalScript {
  leaky: boolean;
}

export function evalAnswer(script: EvalScript) {
  return (body: ChatBody, n: number): string => {
    const request = body as unknown as Pick<ChatRequest, 'messages'>;
    const first = body.messages[0]?.content ?? '';
    // Known by its prompt (eval/judge), so an engine given the schema as text (WebLLM) is answered too.
    if (first.startsWith('You judge a roleplay') || first.startsWith('你负责检查')) {
      const text = /<text>\n([\s\S]*)\n<\/text>/.exec(first)?.[1] ?? '';
      const ids = [...first.matchAll(/^- ([a-z0-9-]+): /gm)].map((m) => m[1]);
      return JSON.stringify({ revealed: /[(（]/.test(text) ? ids : [] });
    }
    const system = body.messages[0]?.content ?? '';
    const zh = isChinese(system);
    const kind = bodyKind(body);
    switch (kind) {
      case 'project': {
        const task = body.messages.at(-1)?.content ?? '';
        const source = task.slice(task.lastIndexOf('\n\n') + 2);
        const speaker = (/^(.+?)'s new turn/m.exec(task) ?? /^(.+?)的新回合/m.exec(task))?.[1] ?? '';
        const said = captured(source, QUOTED);
        const thoughts = captured(source, THOUGHT);
        const visible = source.replace(THOUGHT, '').replace(QUOTED, '').trim();
        if (!said.length && !visible)
          return script.leaky && thoughts.length ? leak(thoughts, zh) : EMPTY_SENTINEL;
        const seen = zh ? `${speaker}在附近走动。` : `${speaker} moves nearby.`;
        const speech = said.length
          ? zh
            ? `${speaker}说：“${said.join(' ')}”`
            : ` ${speaker} says, "${said.join(' ')}"`
          : '';
        return `${seen}${speech}${script.leaky && thoughts.length ? ` ${leak(thoughts, zh)}` : ''}`;
      }
      case 'actor': {
        // The actor's window (its story so far), then its rules, card and persona (point-of-view.ts).
        const self = bodySubject(body) ?? '';
        const window = bodyWindow(body);
        const after = system.indexOf(window, system.indexOf(self)) + window.length;
        const own = canaries(system.slice(after));
        const heard = window
          .split('\n\n')
          .filter((entry) => !entry.startsWith(`${self}: `))
          .flatMap(canaries);
        const secret = own.length
          ? zh
            ? `（我心里记着 ${own.join('、')}，不说出口。）`
            : ` (I keep ${own.join(', ')} to myself.)`
          : '';
        const gossip = heard.length
          ? zh
            ? `“你们听说过 ${[...new Set(heard)].join('、')} 吗？”`
            : ` "Have you heard of ${[...new Set(heard)].join(', ')}?"`
          : zh
            ? '“今晚真安静。”'
            : ' "Quiet night."';
        return zh ? `我靠在墙边。${secret}${gossip}` : `I lean against the wall.${secret}${gossip}`;
      }
      case 'chronicle':
        return chronicleAnswer(request, n);
      case 'selector':
      case 'batch':
        throw new Error('eval scenes name who acts and project one audience at a time');
      case 'suggest':
      case 'hint':
      case 'other':
        throw new Error(`the eval plays no ${kind} request`);
    }
  };
}

function leak(thoughts: string[], zh: boolean): string {
  const copied = thoughts.map((t) => (zh ? `（${t}）` : `(${t})`)).join(' ');
  return zh ? `附近一张纸条上写着：“${copied}”` : `A note nearby reads, "${copied}"`;
}
