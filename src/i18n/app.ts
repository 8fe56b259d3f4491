// Adam's own messages (under `adam.*`) and resource labels (under `resources.*`).
export const appMessages = {
  adam: {},
  resources: {},
};
