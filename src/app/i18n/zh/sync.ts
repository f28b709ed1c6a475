// Chinese for the interface's words: sync.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SYNC: Messages = {
  // sync-indicator.tsx
  'Sync off': '同步已关闭',
  Synced: '已同步',
  'Syncing…': '正在同步…',
  Offline: '离线',
  'Sync refused': '同步被拒绝',
  'Sync stopped': '同步已停止',
  'Sync: {state}': '同步：{state}',
  // sync-settings.tsx
  Sync: '同步',
  'Share stories between your devices through your own Rashomon server (npx rashomon serve). Opening the server’s pairing link on a device fills these in.':
    '通过你自己的 Rashomon 服务器（npx rashomon serve）在你的设备之间共享故事。在设备上打开服务器的配对链接会自动填好这些内容。',
  'Sync server': '同步服务器',
  Token: '令牌',
  'Now:': '当前：',
  Test: '测试',
  Disconnect: '断开连接',
  'Disconnected: this device no longer syncs. Its stories stay here.':
    '已断开连接：本设备不再同步。它的故事仍保留在这里。',
  'The server accepts this token.': '服务器接受此令牌。',
  'Sync test failed.': '同步测试失败。',
  'Shared stories': '共享的故事',
  'Stories someone shared with you by link. Each syncs with its own server, with a token that opens that story only.':
    '别人通过链接与你共享的故事。每个故事都与它自己的服务器同步，所用的令牌只能打开这一个故事。',
  'None yet.': '还没有。',
  'A story not here yet ({room})': '尚未到达的故事（{room}）',
  'on {server}': '位于 {server}',
  'Leave {story}': '退出《{story}》',
  Leave: '退出',
  'Shared story link': '共享故事的链接',
  Join: '加入',
  'That is not a pairing link: it has no “#pair=” part. Paste the whole link.':
    '这不是配对链接：其中没有“#pair=”部分。请粘贴完整的链接。',
  'That is a server’s pairing link: it filled in the sync server and token above. Save to sync with it.':
    '这是服务器的配对链接：已填入上方的同步服务器和令牌。保存后即可与它同步。',
  'Joined: the story appears in your library as soon as it arrives.':
    '已加入：故事一到达就会出现在你的故事库中。',
  'Left the shared story: it no longer syncs. Its copy stays on this device.':
    '已退出共享的故事：它不再同步。它的副本仍保留在本设备上。',
  // pairing-prompt.tsx
  'Pairing link not used': '未使用配对链接',
  'Join the shared story?': '加入共享的故事？',
  'Someone shared one story with you through the sync server at {server}. Joining syncs that story only: you can read it, play it and edit it together. It appears in your library as soon as it arrives.':
    '有人通过位于 {server} 的同步服务器与你共享了一个故事。加入后只同步这一个故事：你们可以一起阅读、游玩和编辑它。故事一到达就会出现在你的故事库中。',
  'What is sent where: only this story ({room}), every turn and edit of it made on this device, syncs with {server}. Nothing else goes there: your other stories, your library and this device’s own sync stay as they are. A story already on this device is never moved by a link: joining one that syncs elsewhere is refused. Leave the story any time in Settings → Sync.':
    '什么会发送到哪里：只有这个故事（{room}）——本设备上对它的每一轮和每次编辑——与 {server} 同步。其他内容都不会发送到那里：你的其他故事、你的故事库和本设备自己的同步设置保持不变。链接绝不会移动本设备上已有的故事：加入一个与别处同步的故事会被拒绝。随时可以在“设置 → 同步”中退出这个故事。',
  'Join the shared story': '加入共享的故事',
  'Sync with {server}?': '与 {server} 同步？',
  'This device will share its stories with the sync server at {server} and every device paired with it. Settings and API keys stay on this device.':
    '本设备将与位于 {server} 的同步服务器以及与它配对的每台设备共享故事。设置和 API 密钥仍只保存在本设备上。',
  // pairing-link.ts
  'This pairing link is damaged (not readable). Copy it again from the server.':
    '这个配对链接已损坏（无法读取）。请从服务器重新复制。',
  'This pairing link is not valid (its {field} is missing or wrong). Copy it again from the server.':
    '这个配对链接无效（其中的 {field} 缺失或有误）。请从服务器重新复制。',
  // editing-badge.tsx, use-presence.ts
  '{name} is editing this': '{name} 正在编辑这里',
  '{names} and {last} are editing this': '{names}和{last}正在编辑这里',
  Someone: '某人',
  // Sharing one story (the story screen).
  'Share this story': '分享这个故事',
  "To play this story with a friend, run this on the sync server's computer and send them the link it prints. It opens this story only.":
    '要和朋友一起玩这个故事，请在同步服务器所在的电脑上运行下面的命令，并把它打印出的链接发给对方。这个链接只能打开这一个故事。',
  Copy: '复制',
  'Copied.': '已复制。',
  'This browser did not allow copying: select the command instead.': '此浏览器不允许复制：请直接选中命令。',
  'Your name when co-editing': '共同编辑时显示的名字',
  'The story’s player name': '故事中玩家的名字',
};
