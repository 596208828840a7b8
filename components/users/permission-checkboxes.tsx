"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { permissionLabels, userPermissions } from "@/lib/store/users/model";

const hints: Record<(typeof userPermissions)[number], string> = {
  manage_orders: "See, fulfil and cancel orders",
  manage_products: "Add and change products",
  manage_store_settings: "Shipping and tax settings",
  manage_marketing: "Coupons",
  manage_users: "Invite and manage these users",
  view_stats: "Order counts and statistics",
};

export function PermissionCheckboxes({
  register,
  error,
  idPrefix,
}: {
  register: UseFormRegisterReturn;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-permissions-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-fg">Permissions</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {userPermissions.map((permission) => {
          const id = `${idPrefix}-${permission}`;
          return (
            <div key={permission} className="flex items-start gap-3 rounded-md border border-border p-3">
              <input
                id={id}
                type="checkbox"
                value={permission}
                className="mt-0.5 size-4 accent-primary"
                aria-describedby={`${id}-hint`}
                {...register}
              />
              <div className="text-sm">
                <label htmlFor={id} className="font-medium text-fg">
                  {permissionLabels[permission]}
                </label>
                <p id={`${id}-hint`} className="text-fg-muted">
                  {hints[permission]}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
