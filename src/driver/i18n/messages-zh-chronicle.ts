// Chinese for the chronicler's refusals of evidence (turns/chronicle-evidence.ts, chronicle-answer.ts).
import type { Messages } from './translate.ts';

export const CHRONICLE_ZH: Messages = {
  'Its evidence is too short to be a quote: copy at least three words (or four Chinese characters) exactly.':
    '它的证据太短，算不上引文：请原样摘抄至少三个词（或四个汉字）。',
  'Its value names {names}, which its evidence does not name.': '它的值提到了{names}，但它的证据没有提到。',
  'Its evidence does not say its value: give the value in the words of the quote.':
    '它的证据没有说出它的值：请用引文中的原话写出这个值。',
  'It says nothing: its text is empty.': '它什么也没说：内容是空的。',
};
