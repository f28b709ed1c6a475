// Chinese for what the worker tells the person about an assistant turn: a server refusing tool calls
// (backends/openai/failures.ts), a Retry with nothing to answer, and a trashed prompt not restored
// over another text (host/assistant-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_ASSISTANT_TURNS_MESSAGES_ZH: Messages = {
  'The server at {baseURL} does not take tool calls ({message}).':
    '{baseURL} 的服务器不接受工具调用（{message}）。',
  'The assistant has answered the last message already: send a new one.':
    '助手已经回答了最后一条消息：请发送一条新消息。',
  'The prompt {path} was not restored: it holds another text now, which restoring would overwrite. Delete that prompt first (it goes to the trash too), then restore this one.':
    '提示词 {path} 没有恢复：它现在有另一段文字，恢复会覆盖它。请先删除那个提示词（它也会移入回收站），再恢复这一个。',
};
