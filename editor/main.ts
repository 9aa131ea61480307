/** The editor's entry: registers the shell (which registers the rest). Monaco loads later, lazily. */
import './components/app-shell/app-shell.ts';
