// Entry point of the user interface: mounts the app into index.html's #root.
import { render } from 'solid-js/web';
import { App } from './app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
render(() => <App />, root);
