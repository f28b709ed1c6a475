// Chinese for what a model server's misbehaviour is told as (backends/openai/failures.ts, issue 19): a
// deadline passed, an answer too large, an answer that could not be read.
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_MODEL_SERVER_MESSAGES_ZH: Messages = {
  'The model server at {baseURL} took longer than {seconds} s to answer, so the request was stopped. Try again; if the model needs longer, raise the request deadline (the backend profile in Settings, or --timeout).':
    '{baseURL} 的模型服务器超过 {seconds} 秒仍未答完，因此请求已停止。请重试；如果模型需要更长时间，请调高请求时限（设置中的后端配置，或 --timeout）。',
  "The model server at {baseURL} sent an answer larger than {size} MB, so it was stopped: no chat answer is that long. Check the server's log and the model's settings.":
    '{baseURL} 的模型服务器发来的回答超过 {size} MB，因此已停止：聊天回答不会这么长。请检查服务器日志和模型设置。',
  "The model server at {baseURL} sent an answer that could not be read ({reason}). Try again; if it keeps happening, check the server's log.":
    '{baseURL} 的模型服务器发来的回答无法读取（{reason}）。请重试；如果一直这样，请检查服务器日志。',
};
