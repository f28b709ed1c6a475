// Chinese for what the worker tells the person about an assistant turn: a server refusing tool calls
// (backends/openai/failures.ts) and a Retry with nothing to answer (host/assistant-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_ASSISTANT_TURNS_MESSAGES_ZH: Messages = {
  'The server at {baseURL} does not take tool calls ({message}).':
    '{baseURL} 的服务器不接受工具调用（{message}）。',
  'The assistant has answered the last message already: send a new one.':
    '助手已经回答了最后一条消息：请发送一条新消息。',
};
