// Chinese for the interface's words: inspector.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_INSPECTOR: Messages = {
  // The turn inspector.
  'Turn inspector': '回合检查器',
  "Every point of view of this turn, for you to read and edit. No character ever reads another's: each one's model only gets its own.":
    '此回合的每个视角，都可在这里阅读和编辑。角色之间从不读取彼此的视角：每个角色的模型只会得到它自己的那一份。',
  'Reading the turn…': '正在读取回合…',
  'Source by {name}': '{name}的原文',
  "{name}'s own words, written by the model (private thoughts included).":
    '{name}自己的话，由模型写成（包括内心想法）。',
  'Written by hand as {name}.': '以{name}的身份手写。',
  'What {name} wrote': '{name}写下的内容',
  'Write this turn again as a new alternative; this one stays (‹ › on its row steps between them)':
    '重新写出此回合，作为新的备选分支；这一版会保留（在该行用 ‹ › 切换）',
  'Project this turn again for every audience': '为所有感知者重新生成此回合的感知',
  'Regenerate from here': '从这里重新生成',
  'Accept this turn as it is, and the stale history it rests on; nothing is regenerated':
    '按现状接受此回合及其所依据的已过时历史；不会重新生成任何内容',
  'Keep as is': '保持原样',
  'Continue the story from this turn: the turns after it are kept as an alternative, and the next turn starts a new branch here':
    '从此回合继续故事：之后的回合作为备选分支保留，下一个回合将从这里开始新的分支',
  'Branch from here': '从这里分支',
  'That edit was not saved: {reason}': '该编辑未保存：{reason}',
  // One audience's variant.
  '{name} (you)': '{name}（你）',
  'What {name} perceived': '{name}感知到的内容',
  'Not projected yet.': '尚未生成感知。',
  'Perceived nothing. Type here to say what they perceived.':
    '未感知到任何内容。在此输入，写下其感知到的内容。',
  "Project this turn for {name} again, from {name}'s own history":
    '根据{name}自己的历史，为{name}重新生成此回合的感知',
  'Regenerate this projection': '重新生成此感知',
  'Accept this variant as it is: it stops being stale, nothing is regenerated':
    '按现状接受此版本：它不再标为已过时，不会重新生成任何内容',
  '{name} perceived nothing of this turn': '{name}对此回合未感知到任何内容',
  'Mark as perceived nothing': '标记为未感知到任何内容',
  // Badges and why they are there.
  missing: '未生成',
  stale: '已过时',
  edited: '已编辑',
  'perceived nothing': '未感知到任何内容',
  'Not generated yet': '尚未生成',
  'Made from a history that has changed since': '所依据的历史此后已有改动',
  'Edited by hand': '已手动编辑',
  'cut off': '被截断',
  'The model stopped at its length limit before it was done: the text ends where it was cut':
    '模型在长度上限处停下，还没有写完：文字在截断处结束',
  'Generated, and nothing was perceived': '已生成，但未感知到任何内容',
  // Stale history before a turn being regenerated, and texts that may not be emptied.
  'Turns before this one were written from an earlier version of the story. Keep them as they are, or rewrite them first (a new branch; the current ones stay one swipe away).':
    '此回合之前的一些回合是根据故事的早先版本写成的。请保持它们原样，或者先重写它们（新的分支；现有的回合仍可一键切换回来）。',
  'Keep them and regenerate': '保持原样并重新生成',
  'Rewrite them and regenerate': '重写它们并重新生成',
  'A turn cannot be empty: write something, or regenerate it.': '回合不能为空：请写些内容，或者重新生成。',
  'A view cannot be empty: deleting its text does not mean they perceived nothing. Write what they perceived, or use Mark as perceived nothing.':
    '感知不能为空：删掉文字并不表示什么也没感知到。请写下他们感知到的内容，或者使用“标记为未感知到任何内容”。',
  // What a request was given, and its full text.
  'What {name} was given': '{name}得到了什么',
  "What {name}'s projection was given": '{name}的感知请求得到了什么',
  'One request served several audiences at once (batched projection): these are its numbers, shared by each of their views.':
    '一次请求同时服务了多个感知者（批量感知）：这些是该请求的数字，由各自的视角共享。',
  'Tokens per part of the request': '请求各部分的 token 数',
  Part: '部分',
  Tokens: 'Token 数',
  'Share of the budget': '占预算的比例',
  Prompt: '提示词',
  'of {budget} for the prompt': '提示词预算为 {budget}',
  'Answer room': '回答空间',
  '{tokens} tokens (max_tokens)': '{tokens} 个 token（max_tokens）',
  Context: '上下文',
  '{tokens} tokens, {source}': '{tokens} 个 token，{source}',
  Count: '计数',
  'Exact: counted by the backend.': '精确：由后端计数。',
  'Estimated: the backend does not count tokens, so the numbers are the app’s estimate.':
    '估算：后端不计算 token，这些数字是应用的估算。',
  'History window': '历史窗口',
  Instructions: '指令',
  'Character card': '角色卡',
  History: '历史',
  'Memories of who is who': '辨认人物的记忆',
  'The turn as written': '回合原文',
  Task: '任务',
  'The world as they know it': '其所知的世界',
  'Lore that fired': '触发的设定条目',
  'Lore entries it held': '其中包含的设定条目',
  '{title} ({book})': '{title}（{book}）',
  'an entry no longer in the story’s books': '一个已不在本故事设定集中的条目',
  '— still active (sticky)': '—— 仍然生效（黏附）',
  'detected from the server': '从服务器检测到',
  'set in Settings': '在设置中设定',
  'from the model’s record': '来自模型的记录',
  'assumed: nothing told it': '假定值：没有来源告知',
  'No history yet: nothing had happened for them before this.':
    '还没有历史：在此之前对他们而言什么也没发生。',
  'The whole history: 1 turn.': '完整的历史：1 个回合。',
  'The whole history: {count} turns.': '完整的历史：{count} 个回合。',
  'Turns {from}–{to} of {total}; the {earlier} before them are in its memories.':
    '第 {from}–{to} 个回合（共 {total} 个）；之前的 {earlier} 个回合在其记忆中。',
  'Show full request': '显示完整请求',
  'Hide full request': '隐藏完整请求',
  'Rebuilding the request…': '正在重建请求…',
  'Rebuilt from the story as it is now ({tokens} prompt tokens): what was edited, remembered or changed in the prompts since is as it is now, not as it was sent.':
    '根据故事的当前状态重建（提示词 {tokens} 个 token）：此后编辑、记住或在提示词中改动的内容按现在的样子显示，而不是发送时的样子。',
  System: '系统',
  User: '用户',
  Assistant: '助手',
};
