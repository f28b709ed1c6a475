// Entry point of the user interface: loads the base look first (every room's stylesheet, imported by
// the room's components, builds on it), starts the driver worker and mounts the app into #root.
import './shell/shell.css';
import { render } from 'solid-js/web';
import { App } from './app.tsx';
import { DriverProvider, createDriverClient } from './shell/driver-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const client = createDriverClient();
render(
  () => (
    <DriverProvider client={client}>
      <App />
    </DriverProvider>
  ),
  root,
);
