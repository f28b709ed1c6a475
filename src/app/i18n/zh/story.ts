// Chinese for the interface's words: story.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_STORY: Messages = {
  // The story screen.
  '← Stories': '← 故事列表',
  'Opening the story…': '正在打开故事…',
  'Story not available': '无法打开故事',
  'Story deleted': '故事已删除',
  'This story was deleted on another device or in another tab.': '此故事已在另一台设备或另一个标签页中删除。',
  'Back to your stories': '返回故事列表',
  'That did not work.': '操作未成功。',
  'Cancelled. Nothing was stored.': '已取消，未保存任何内容。',
  'The story engine stopped unexpectedly: {reason}': '故事引擎意外停止：{reason}',
  'The story engine (a web worker) could not start in this browser.':
    '故事引擎（Web Worker）无法在此浏览器中启动。',
  // The transcript.
  Transcript: '故事记录',
  'The story has not begun. Write the first turn below.': '故事尚未开始。请在下方写下第一个回合。',
  'The first {count} turns of this story are not on this device yet. They come from the sync server while this device is online and syncing (Settings → Sync).':
    '这个故事的前 {count} 个回合还不在这台设备上。设备在线并开启同步时，它们会从同步服务器传来（“设置 → 同步”）。',
  'Nothing seems to have happened.': '似乎什么也没有发生。',
  '{name} is writing': '{name}正在书写',
  'Someone is writing': '有人正在书写',
  'Choosing who acts next…': '正在选择下一个行动的角色…',
  '{name} is acting…': '{name}正在行动…',
  '{name} is taking stock of what they remember…': '{name}正在整理记忆…',
  'Working…': '处理中…',
  // A row's controls.
  'Alternatives of this turn': '此回合的备选分支',
  'Alternatives of turn by {name}': '{name}的回合的备选分支',
  'Previous alternative': '上一个备选分支',
  'Next alternative': '下一个备选分支',
  'Regenerate this turn': '重新生成此回合',
  'Regenerate turn by {name}': '重新生成{name}的回合',
  'Write this turn again as a new alternative; ‹ › steps back to this one':
    '重新写出此回合，作为新的备选分支；用 ‹ › 可切换回这一版',
  Regenerate: '重新生成',
  'Inspect this turn': '查看此回合',
  'Inspect turn by {name}': '查看{name}的回合',
  Inspect: '查看',
  // The composer.
  Composer: '输入框',
  'Your turn': '你的回合',
  'Ctrl+Enter sends. Written as {name}, exactly as you type it; nobody acts after it.':
    'Ctrl+Enter 发送。以{name}的身份写入，与你输入的内容完全一致；之后不会有角色行动。',
  'Ctrl+Enter sends. Then choose who acts next and press Act.':
    'Ctrl+Enter 发送。然后选择下一个行动的角色，并按“行动”。',
  'Ctrl+Enter sends. Then the next character acts.': 'Ctrl+Enter 发送。随后下一个角色会行动。',
  Send: '发送',
  'Write as': '书写身份',
  'Who acts next': '下一个行动的角色',
  Auto: '自动',
  Act: '行动',
  'The characters take this many turns in a row, each chosen automatically; Cancel stops them':
    '角色们连续进行这么多个回合，每回合自动选择行动者；按“取消”可让他们停下',
  'Let them continue': '让他们继续',
  for: '共',
  'how many turns': '（回合数）',
  turns: '个回合',
  // The scene's options.
  'Scene and turn order': '场景与回合顺序',
  'Language of the story': '故事的语言',
  'The next turns use its prompts and are written and checked in it; earlier turns stay as they are.':
    '之后的回合使用该语言的提示词，并以该语言书写和检查；之前的回合保持不变。',
  'I choose who acts (no automatic turn after Send)': '由我选择谁行动（发送后不自动进行回合）',
  'Batched projection (one request per turn for everyone; fewer requests, less isolation per call)':
    '批量生成感知（每个回合为所有人只发一次请求；请求更少，但每次调用的隔离更弱）',
  'In the scene': '在场',
  'In the scene:': '在场：',
  'Memories:': '记忆：',
  '{name} is here: press to let them leave': '{name}在场：点击让其离开',
  'Press to let {name} join': '点击让{name}加入',
  // Stale history above the composer.
  'One turn, marked stale, was written from an earlier version of the story.':
    '有一个回合（标为“已过时”）是根据故事的早先版本写成的。',
  '{count} turns, marked stale, were written from an earlier version of the story.':
    '有 {count} 个回合（标为“已过时”）是根据故事的早先版本写成的。',
  'What you edited by hand stays as you wrote it either way.':
    '无论选哪一种，你手动编辑过的内容都会保持原样。',
  'Your turn is not sent yet: choose first, and it goes on from there.':
    '你的回合还没有发送：请先选择，之后会从那里继续。',
  'Nobody acts until you choose.': '在你做出选择之前，没有人会行动。',
  'The turn is regenerated once you choose.': '你做出选择后，这个回合会重新生成。',
  'They stay as they are and count as written from the story as it is now':
    '它们保持原样，并视为根据故事的当前版本写成',
  "The model's turns are written again from the first of them on a new branch; the current ones stay one swipe away (‹ ›)":
    '从第一个过时的回合起，在新的分支上重新写出模型的回合；现有的回合仍可一键切换回来（‹ ›）',
  'Keep them': '保持原样',
  'Rewrite from here': '从这里重写',
  'Your turn is suggested once you choose.': '你做出选择后，才会为你建议回合。',
  'The hint comes once you choose.': '你做出选择后，才会给出提示。',
  'A rewrite writes the first of them again, so what you wrote or edited by hand after it answered a story that is no longer there. Copy each onto the new branch, or leave it on the old one:':
    '重写会重新写出其中第一个回合，所以在它之后你手写或手动编辑过的内容，回应的是一个已经不存在的故事。请逐一选择：复制到新分支，或留在旧分支上：',
  '{author} (written by {writer})': '{author}（由{writer}代写）',
  'Leave on the old branch': '留在旧分支上',
  'Copy onto the new branch': '复制到新分支',
  // The story's world and lorebooks (story-world-panel.tsx).
  'the story’s own': '本故事自有',
  'as in the library': '与资料库一致',
  'changed in the library since': '之后在资料库中有改动',
  'edited in this story': '已在本故事中编辑',
  'no longer in the library': '资料库中已没有',
  'World: {name} ({state})': '世界：{name}（{state}）',
  unnamed: '未命名',
  'Re-apply the library’s world': '重新应用资料库中的世界',
  'What {name} knows of the world': '{name}所知道的世界',
  'What it learns in play (a knowledge change you accept that names a node) comes on top.':
    '在游戏中学到的（你接受的、提到某个节点的认知变化）会另外加上。',
  '{name} ({state})': '{name}（{state}）',
  'Remove from this story': '从本故事中移除',
  'Messages scanned for keys': '扫描关键词的消息条数',
  'Lore budget (% of a request’s room)': '设定预算（占请求空间的百分比）',
  'Recursive (fired entries can fire others)': '递归（已触发的条目可以触发其他条目）',
  // story-export.tsx
  'Point of view': '视角',
  'From your point of view ({name})': '从你的视角（{name}）',
  'From {name}’s point of view': '从{name}的视角',
  'Export as Markdown': '导出为 Markdown',
  'Shown as plain text: its formatting could not be read.': '以纯文本显示：无法读取其格式。',
};
