// Order matters: Arco's React 19 adapter before anything renders Message/Notification/Modal,
// Arco's base styles before the shell's own, SystemJS before the shared modules are registered.
// Each Arco component brings its own styles (vite/arco-styles-plugin.ts).
import '@arco-design/web-react/es/_util/react-19-adapter';
import 'virtual:cotton-arco-styles';
import 'systemjs/dist/system.min.js';
import './styles/global.css';
import { configureMessages } from './boot/message-config';
import { startShell } from './boot/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
configureMessages();
startShell(container);
