"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Checkbox, CheckboxGroup } from "@/components/ui/checkbox";
import { permissionDescriptions, permissionLabels, userPermissions } from "@/lib/store/users/model";

/**
 * The six permissions as tiles, each with what it lets a person do. Manage
 * users is marked "Full control": it lets its holder change anyone's access,
 * their own included.
 */
export function PermissionCheckboxes({
  register,
  error,
  idPrefix,
  hint,
}: {
  register: UseFormRegisterReturn;
  error?: string;
  idPrefix: string;
  hint?: string;
}) {
  return (
    <CheckboxGroup id={`${idPrefix}-permissions`} legend="Permissions" hint={hint} error={error} columns={2}>
      {userPermissions.map((permission) => (
        <Checkbox
          key={permission}
          id={`${idPrefix}-${permission}`}
          value={permission}
          tile
          label={
            permission === "manage_users" ? (
              <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                {permissionLabels[permission]}
                <Badge tone="warning">Full control</Badge>
              </span>
            ) : (
              permissionLabels[permission]
            )
          }
          description={permissionDescriptions[permission]}
          {...register}
        />
      ))}
    </CheckboxGroup>
  );
}
