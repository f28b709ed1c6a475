// The Chinese catalogue of issue 35's formats: SillyTavern's text-completion templates declined, its
// legacy presets and system prompts read, a preset's review prompt by prompt, Agnai's and Chub's
// lorebooks. Spread into MESSAGES_ZH; tests/unit/messages.test.ts keeps it complete and in use.
import type { Messages } from './translate.ts';

export const FORMATS_ZH: Messages = {
  // Which kind of file an import is (import/read-import.ts).
  '{file} is a SillyTavern instruct template: it wraps each message for a text-completion model. Rashomon speaks chat completion (the server applies the model’s own template), so it needs none; nothing was imported.':
    '{file} 是 SillyTavern 的指令模板（instruct）：它为文本补全模型包装每条消息。Rashomon 使用聊天补全（由服务器套用模型自己的模板），因此不需要它；没有导入任何内容。',
  '{file} is a SillyTavern context template: its story string lays the card out for a text-completion model. Rashomon speaks chat completion and builds each request from the card itself, so it needs none; nothing was imported.':
    '{file} 是 SillyTavern 的上下文模板（context）：它的故事字符串为文本补全模型排布角色卡。Rashomon 使用聊天补全，并直接根据角色卡构建每个请求，因此不需要它；没有导入任何内容。',
  // A SillyTavern preset, prompt by prompt (presets/sillytavern.ts, import/preset-review.ts).
  'not a prompt SillyTavern could read (no identifier)': '不是 SillyTavern 能读取的提示词（没有 identifier）',
  'placed inside the chat history (depth {depth}): Rashomon’s prose prompts have no place there':
    '放在聊天记录之中（深度 {depth}）：Rashomon 的文风提示词没有对应的位置',
  'a text of SillyTavern’s own commands or formats (impersonation, new chat, continue, wrapping): Rashomon has its own':
    'SillyTavern 自身命令或格式所用的文本（代拟、新聊天、继续、包装格式）：Rashomon 有自己的一套',
  'a SillyTavern preset from before its prompt manager: main_prompt, nsfw_prompt and jailbreak_prompt were read as its prompts':
    '提示词管理器出现之前的 SillyTavern 旧版预设：main_prompt、nsfw_prompt 和 jailbreak_prompt 被读作它的提示词',
  'a SillyTavern system prompt: its text became the preset’s style (roleplay/style)':
    'SillyTavern 系统提示词：其文本成为预设的文风（roleplay/style）',
  'temperature {value} → the characters’ temperature': 'temperature {value} → 角色的温度',
  'top_p {value} → top-p': 'top_p {value} → top-p',
  'macros Rashomon has no value for, removed': 'Rashomon 无法取值的宏，已移除',
  'secrets (passwords, keys, addresses), never read': '机密信息（密码、密钥、地址），从不读取',
  'sampling out of range': '超出范围的采样参数',
  'sampling Rashomon does not take from a preset (it sizes each request itself)':
    'Rashomon 不从预设中读取的采样参数（它自己决定每个请求的大小）',
  '“{name}” → {target}': '“{name}” → {target}',
  '“{name}”: {why}': '“{name}”：{why}',
  // Lorebooks from Agnai and Chub (import/lorebook/agnai-memory.ts, import/lorebook/world-info-shape.ts).
  'Agnai’s priority (which entries its budget keeps first): the weight sets the order, as SillyTavern reads it':
    'Agnai 的优先级（预算不足时先保留哪些条目）：顺序由权重决定，与 SillyTavern 的读法相同',
  'an Agnai memory book: name → title, entry → content, keywords → keys, weight → order, enabled → on or off; told before the card, as SillyTavern imports it':
    'Agnai 记忆书：name → 标题，entry → 内容，keywords → 关键词，weight → 顺序，enabled → 启用与否；放在角色卡之前，与 SillyTavern 的导入方式相同',
  'the book’s extensions ({fields}): no Rashomon setting reads them':
    '设定集的扩展字段（{fields}）：Rashomon 没有读取它们的设置',
};
