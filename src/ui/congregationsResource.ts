// The congregations' react-admin resource (domain/resources.ts), in a module of its own: the app
// bar's selector reads it on the first load without the inputs that pick a congregation.
export const CONGREGATIONS_RESOURCE = 'configuracoes/congregacoes';
