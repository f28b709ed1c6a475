// Chinese for what sync tells the person (status, refusals, pairing), kept apart from the rest of the
// worker's words so the two can be edited apart.
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_SYNC_MESSAGES_ZH: Messages = {
  // sync/room.ts
  'Connecting to {server}…': '正在连接 {server}…',
  'Catching up with {server}…': '正在与 {server} 同步最新内容…',
  'Up to date with {server}; changes are shared as they happen.':
    '已与 {server} 同步到最新；改动会即时共享。',
  'Reconnecting to {server}…': '正在重新连接 {server}…',
  '{server} refused this device’s token, so nothing is sent or received. Pair again with the server’s pairing link, or enter the right token in Settings → Sync.':
    '{server} 拒绝了本设备的令牌，因此不会收发任何内容。请用服务器的配对链接重新配对，或在“设置 → 同步”中填入正确的令牌。',
  '{server} refused the token of this shared story (it is wrong, or the server’s room tokens were replaced), so nothing is sent or received. Ask whoever shared the story for a new link and open it; or leave the story in Settings → Sync.':
    '{server} 拒绝了这个共享的故事的令牌（令牌有误，或服务器的房间令牌已被更换），因此不会收发任何内容。请向分享故事的人要一个新链接并打开它；或在“设置 → 同步”中退出这个故事。',
  '{server} does not accept “{room}” as a room name, so this document does not sync.':
    '{server} 不接受“{room}”作为房间名，因此这份文档不会同步。',
  'There is no Rashomon sync server at {url} (it answered {status}). Check the address in Settings → Sync.':
    '{url} 上没有 Rashomon 同步服务器（它的响应是 {status}）。请在“设置 → 同步”中检查地址。',
  'This environment has no WebSocket, so it cannot sync.': '当前环境没有 WebSocket，无法同步。',
  '“{room}” cannot be a sync room name, so this document does not sync.':
    '“{room}”不能用作同步房间名，因此这份文档不会同步。',
  'A change is larger than {server} accepts (close {code}), so syncing stopped; it stays on this device. Ask whoever runs the server to raise its message limit, then save Settings → Sync again to retry.':
    '有一处改动超出了 {server} 接受的大小（关闭代码 {code}），同步已停止；改动仍保存在本设备上。请让服务器的管理者调高消息大小上限，然后再次保存“设置 → 同步”以重试。',
  '{server} does not answer ({reason}). Edits stay on this device and are sent when it is back; retrying.':
    '{server} 没有响应（{reason}）。改动保存在本设备上，服务器恢复后会发送；正在重试。',
  '{server} answers but the live connection keeps dropping (close {code}); retrying. If it persists, check that a proxy in front of the server passes WebSocket upgrades.':
    '{server} 有响应，但实时连接不断断开（关闭代码 {code}）；正在重试。如果一直如此，请检查服务器前面的代理是否放行 WebSocket 升级。',
  // sync/probe.ts
  'the server answered {status}': '服务器的响应是 {status}',
  'the server’s answer was not a Rashomon sync server’s': '服务器的响应不像 Rashomon 同步服务器',
  // sync/status.ts
  'Sync is off: this device keeps its stories to itself. Open a pairing link or set a server in Settings → Sync.':
    '同步已关闭：本设备的故事只保存在本机。请打开配对链接，或在“设置 → 同步”中设置服务器。',
  'Starting to sync…': '正在开始同步…',
  '{room} (and {count} more): {detail}': '{room}（另有 {count} 个）：{detail}',
  '{room}: {detail}': '{room}：{detail}',
  // sync/target.ts
  'the server address starts with http:// or https://': '服务器地址须以 http:// 或 https:// 开头',
  'a token is needed': '需要填写令牌',
  // sync/arrival.ts
  'This story is listed in the synced library but its content is not on this device, and sync is off. Turn sync on in Settings → Sync to fetch it.':
    '这个故事在同步的故事列表中，但内容不在本设备上，而同步已关闭。请在“设置 → 同步”中开启同步以获取它。',
  'This story’s content has not reached this device yet: {reason}':
    '这个故事的内容还没有到达本设备：{reason}',
  'The sync server does not have this story’s content yet: open it on the device that made it, while that device is online.':
    '同步服务器上还没有这个故事的内容：请在创建它的设备联网时，在那台设备上打开它。',
  'This story’s content is still on its way from the sync server; try again in a moment.':
    '这个故事的内容仍在从同步服务器传来；请稍后再试。',
  // sync/presence.ts
  'Presence not shared: {reason}': '未共享在线状态：{reason}',
  // host/sync-commands.ts
  'The story list': '故事列表',
  '“{title}”': '《{title}》',
  'The shared story {room}': '共享的故事 {room}',
  'Not tested: {reason}': '未测试：{reason}',
  '{server} accepts this token for every story and the story list.':
    '{server} 接受此令牌访问所有故事和故事列表。',
  '{server} accepts this token for one room only.': '{server} 只接受此令牌访问一个房间。',
  '{server} refused this token. Copy it again from the server (npx rashomon token) or open its pairing link. A token for one shared story opens only that story: open the link that came with it instead.':
    '{server} 拒绝了此令牌。请从服务器重新复制（npx rashomon token），或打开它的配对链接。只用于一个共享的故事的令牌只能打开那个故事：请改为打开随它一起发来的链接。',
  'There is no Rashomon sync server at that address (it answered {status}).':
    '该地址上没有 Rashomon 同步服务器（它的响应是 {status}）。',
  'No answer from {server} ({reason}). Is the server running, and is this device on its network?':
    '{server} 没有响应（{reason}）。服务器是否在运行？本设备是否在它的网络中？',
  'Not joined: {reason}': '未加入：{reason}',
  'Not joined: “{title}” is already on this device and syncs with {current}; joining this link would send all of it to {server}. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not have this story.':
    '未加入：“{title}”已在本设备上，并与 {current} 同步；加入此链接会把它的全部内容发送到 {server}。没有发送任何内容。要玩 {server} 上的那份，请在没有这个故事的设备或浏览器配置文件中打开该链接。',
  'Not joined: “{title}” is already on this device and syncs with no server; joining this link would send all of it to {server}. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not have this story.':
    '未加入：“{title}”已在本设备上，不与任何服务器同步；加入此链接会把它的全部内容发送到 {server}。没有发送任何内容。要玩 {server} 上的那份，请在没有这个故事的设备或浏览器配置文件中打开该链接。',
  'Not joined: “{title}” is in your story list and syncs with {current}, though this device has not downloaded it yet; joining this link would sync it with {server} instead. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not list this story.':
    '未加入：“{title}”在你的故事列表中，并与 {current} 同步，只是本设备还没有下载它；加入此链接会改为让它与 {server} 同步。没有发送任何内容。要玩 {server} 上的那份，请在故事列表中没有这个故事的设备或浏览器配置文件中打开该链接。',
  'Not joined: “{title}” is in your story list and syncs with no server here; joining this link would sync it with {server} instead. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not list this story.':
    '未加入：“{title}”在你的故事列表中，在本设备上不与任何服务器同步；加入此链接会改为让它与 {server} 同步。没有发送任何内容。要玩 {server} 上的那份，请在故事列表中没有这个故事的设备或浏览器配置文件中打开该链接。',
};
