/** A group's name for a person; a group the store holds without one is named by its id. */
export const groupName = (group: { name: string; id: string }) => group.name || `Group ${group.id}`;

/** An option's name for a person. */
export const optionName = (option: { name: string; id: string }) => option.name || `Option ${option.id}`;
