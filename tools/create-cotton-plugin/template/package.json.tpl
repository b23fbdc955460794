{
  "name": "cotton-plugin-__ID__",
  "version": "0.1.0",
  "private": true,
  "type": "module",
  "description": "Plugin __ID__ of the cotton trading portal",
  "scripts": {
    "build": "cotton-plugin build",
    "dev": "cotton-plugin dev --portal http://localhost:3000",
    "test": "vitest run",
    "e2e": "node --test e2e/portal.e2e.mjs",
    "typecheck": "tsc --noEmit"
  },
  "devDependencies": {
    "@arco-design/web-react": "^2.66.16",
    "@cotton/plugin-tools": "^1.0.0",
    "@cotton/sdk": "^1.0.0",
    "@testing-library/dom": "^10.4.0",
    "@testing-library/react": "^16.3.0",
    "@types/react": "^19.2.0",
    "@types/react-dom": "^19.2.0",
    "jsdom": "^27.3.0",
    "mobx": "^6.9.0",
    "mobx-react-lite": "^4.1.0",
    "react": "^19.2.0",
    "react-dom": "^19.2.0",
    "react-router-dom": "^7.18.5",
    "typescript": "~5.9.3",
    "vitest": "^4.1.12"
  }
}
