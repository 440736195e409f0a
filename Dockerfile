# Formscribe: a multi-stage image. The build stage installs everything and compiles; the runtime
# stage gets only the compiled server (dist/), the built SPA (client/dist) and the production
# dependencies, and runs them on plain node as an unprivileged user.
# server/src/deployment/productionBuild.int.test.ts runs these same steps without Docker (there
# is no engine on the test machines): keep the two in step.
# Node 22 is a maintained LTS (Node 20's maintenance ended on 2026-04-30); `npm test` runs that
# test and the suites that touch native modules on Node 22 as well (scripts/test.mjs). When the
# base image moves to another major, change NODE_22_VERSION there and `engines` with it.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
# MALLOC_ARENA_MAX=2: sharp's libvips threads each get a glibc malloc arena of their own, which
# keeps freed image memory instead of giving it back; two arenas keep it near the baseline after
# heavy image work (figures: docs/operations.md, "Memory after image work").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Workspace manifests keep the node_modules/@formscribe/* links valid; no sources are copied.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/common/package.json common/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/client/package.json client/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/client/dist client/dist
# The app (and the embedded PostgreSQL, which refuses to run as root) writes only to DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/src/index.js"]
