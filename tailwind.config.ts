import type { Config } from "tailwindcss";

// Tailwind v4 reads this file through `@config` in app/globals.css.
export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
      colors: {
        brand: {
          50: "#eef4ff",
          100: "#dbe7fe",
          600: "#2952cc",
          700: "#1f3fa3",
          800: "#1a337f",
        },
      },
    },
  },
} satisfies Config;
