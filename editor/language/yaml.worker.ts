// monaco-yaml's worker, re-exported from our own file so Vite bundles it as a module worker
// (monaco-yaml's FAQ: "Why doesn't it work with Vite?").
import 'monaco-yaml/yaml.worker.js';
