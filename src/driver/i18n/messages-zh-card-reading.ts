// Chinese for the card-reading assistant's text built from data: a world piece as a proposal shows
// it (assistant/card/card-tools.ts).
import type { Messages } from './translate.ts';

export const CARD_READING_ZH: Messages = {
  Kind: '类型',
  Aliases: '别名',
  Body: '正文',
};
