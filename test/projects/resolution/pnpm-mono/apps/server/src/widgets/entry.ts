export const widgets = [];
