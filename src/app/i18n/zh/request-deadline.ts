// Chinese for the interface's words: a server's request deadline (settings/request-deadline.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_REQUEST_DEADLINE: Messages = {
  'Request deadline (seconds)': '请求时限（秒）',
  'How long one request may take, its whole answer included, before it is stopped and told as a failure you can retry ({min}–{max} s). Leave it empty for {seconds} s; raise it for a slow model.':
    '一次请求（包括完整回答）最多可用的时间，超过就会停止，并作为可重试的失败告知（{min}–{max} 秒）。留空则为 {seconds} 秒；模型较慢时请调高。',
};
