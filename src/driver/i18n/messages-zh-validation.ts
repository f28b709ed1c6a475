// The Chinese catalogue of the reasons a projection or an actor answer is refused for what its source
// does not hold (V8–V10) and for English words left in Chinese prose (V12). Spread into MESSAGES_ZH;
// tests/unit/messages.test.ts keeps it complete and in use.
import type { Messages } from './translate.ts';

export const VALIDATION_ZH: Messages = {
  'The answer has {name} act or speak ("{excerpt}"), but in the source turn {name} does no such thing. Write only what {target} perceives of {speaker}\'s turn; other participants write their own actions in their own turns.':
    '回答让{name}做出了行动或说了话（“{excerpt}”），但在源回合里{name}并没有这样做。只写{target}从{speaker}的这个回合中感知到的内容；其他参与者会在自己的回合里写自己的行动。',
  'The answer adds something the source turn does not contain ("{excerpt}"). Write only what {target} perceives of {speaker}\'s turn; do not go on with the scene.':
    '回答加入了源回合里没有的内容（“{excerpt}”）。只写{target}从{speaker}的这个回合中感知到的内容，不要把场景继续写下去。',
  'The answer tells earlier events as if {target} perceived them now ("{excerpt}"). Write only what {target} perceives as this turn happens.':
    '回答把更早发生的事当作{target}此刻感知到的内容来写（“{excerpt}”）。只写{target}在这个回合发生时感知到的内容。',
  'The answer leaves English words in the Chinese text ({words}). Write them in Chinese; only names and acronyms keep their Latin letters.':
    '回答的中文里夹杂了英文单词（{words}）。请把它们写成中文；只有名字和缩写可以保留拉丁字母。',
};
