// Chinese for the interface's words: settings.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SETTINGS: Messages = {
  // settings-dialog.tsx
  'Loading settings…': '正在加载设置…',
  'Interface language': '界面语言',
  Save: '保存',
  // backend-profiles.tsx, openai-profile.tsx, webllm-profile.tsx
  'Model backends': '模型后端',
  'No backend yet. Add an OpenAI-compatible server (Ollama, LM Studio, llama.cpp, OpenRouter…) or an in-browser model.':
    '还没有后端。请添加一个 OpenAI 兼容服务器（Ollama、LM Studio、llama.cpp、OpenRouter…）或一个浏览器内模型。',
  'Add OpenAI-compatible server': '添加 OpenAI 兼容服务器',
  'Add in-browser model': '添加浏览器内模型',
  'OpenAI-compatible server': 'OpenAI 兼容服务器',
  'e.g. Ollama on this computer': '例如：本机上的 Ollama',
  'Base URL': '基础 URL',
  Presets: '预设',
  'Use preset {name}': '使用预设 {name}',
  'API key': 'API 密钥',
  'Only if the server needs one': '仅在服务器需要时填写',
  Model: '模型',
  'Remove {name}': '移除“{name}”',
  'In-browser model': '浏览器内模型',
  'Choose a model…': '选择模型…',
  'Download the model below (In-browser models) before you play with it.':
    '使用前，请先在下方“浏览器内模型”中下载该模型。',
  // operation-profiles.tsx
  'Which backend does what': '各项任务使用的后端',
  'Default backend': '默认后端',
  'Characters acting': '角色行动',
  'Projecting perceptions': '生成感知',
  'Choosing who acts next': '选择下一位行动者',
  'Assistants (authoring chats)': '助手（创作对话）',
  'Writing the chronicle': '撰写编年记录',
  'The first backend above': '上方第一个后端',
  'OpenAI-compatible server {number}': 'OpenAI 兼容服务器 {number}',
  'In-browser model {number}': '浏览器内模型 {number}',
  // profile-lengths.tsx
  'Context (tokens)': '上下文（token）',
  'As the server or model says': '按服务器或模型给出的值',
  'How many tokens the model can take at once, prompt and answer together: every request is fitted into it. Leave it empty to use what the server or the model’s record says; set it when they say nothing, or to use less.':
    '模型一次能容纳的 token 数，提示和回答加在一起：每个请求都会按它来安排。留空则使用服务器或模型记录给出的值；它们没有给出时，或者想用得更少时，请在这里设置。',
  'Checking…': '正在检查…',
  'Check context': '检查上下文',
  'No context is known for this backend yet.': '这个后端的上下文长度还不知道。',
  '{tokens} tokens in use: your setting.': '使用 {tokens} 个 token：你的设置。',
  '{tokens} tokens in use, from the model’s record.': '使用 {tokens} 个 token，来自模型记录。',
  '{tokens} tokens in use, as the server says.': '使用 {tokens} 个 token，按服务器给出的值。',
  'Longest answers (tokens)': '最长回答（token）',
  Default: '默认',
  // connection-test.tsx, endpoint-finder.tsx
  'Enter the server’s Base URL first, e.g. {example}.': '请先填写服务器的基础 URL，例如 {example}。',
  'Testing…': '正在测试…',
  'Test connection': '测试连接',
  'Connection works.': '连接正常。',
  'Connection failed.': '连接失败。',
  'Models on this server (choose one):': '此服务器上的模型（选择一个）：',
  'Use model {model}': '使用模型 {model}',
  'Looking…': '正在查找…',
  'Find local servers': '查找本地服务器',
  'No local server answered (Ollama, LM Studio, llama.cpp server, KoboldCpp).':
    '没有本地服务器响应（Ollama、LM Studio、llama.cpp server、KoboldCpp）。',
  'Use {name}': '使用 {name}',
  Use: '使用',
  // webllm-models.tsx, webllm-model-row.tsx, webllm-format.ts, download-progress.tsx
  'In-browser models (WebLLM)': '浏览器内模型（WebLLM）',
  'Checking this device…': '正在检查此设备…',
  'Only models that fit this device': '只显示适合此设备的模型',
  'Loading the model list…': '正在加载模型列表…',
  'No model fits this device.': '没有适合此设备的模型。',
  downloaded: '已下载',
  'Download {model}': '下载 {model}',
  Download: '下载',
  'Delete {model} from this device': '从此设备删除 {model}',
  '{download} download, needs {memory} memory, fits this device':
    '下载 {download}，需要 {memory} 内存，适合此设备',
  '{download} download, needs {memory} memory, may not fit this device':
    '下载 {download}，需要 {memory} 内存，此设备可能运行不了',
  'Downloading {model}': '正在下载 {model}',
  'Starting the download…': '正在开始下载…',
  '{percent}% · {loaded} of {total}': '{percent}% · {loaded} / {total}',
  '{seconds} s left': '剩余 {seconds} 秒',
  'about {minutes} min left': '剩余约 {minutes} 分钟',
};
