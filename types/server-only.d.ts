// Next.js resolves `server-only` itself (an import from a client component
// fails the build); this only gives TypeScript a module to see.
declare module "server-only";
