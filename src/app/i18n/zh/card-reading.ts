// Card reading: a library character's card read into a world with the assistant (library/card-reading.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_CARD_READING: Messages = {
  'Read the card of {name} into a world with the model': '用模型把{name}的角色卡读入世界',
  'Read into a world with the model': '用模型读入世界',
  'Into which world': '读入哪个世界',
  'A new world named {name}': '名为{name}的新世界',
  'Start reading': '开始阅读',
};
