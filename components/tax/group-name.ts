/** A tax group's name for a person; one the store holds without a name is named by its id. */
export const taxGroupName = (group: { name: string; id: string }) => group.name || `Tax group ${group.id}`;
