// Chinese for the interface's words used in several areas alike.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_COMMON: Messages = {
  Cancel: '取消',
  Close: '关闭',
  You: '你',
  'Not now': '以后再说',
};
