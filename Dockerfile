# Tianguis: one image for the server, the API and the web app (docs/operations.md).
#   docker build -t tianguis .
#   docker run -p 3000:3000 -e JWT_SECRET=... -v tianguis-data:/app/data tianguis
# better-sqlite3, sharp and @node-rs/argon2 are native modules built or fetched for glibc: every
# stage uses the same Debian slim Node 20 base, so what is installed is what runs.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NPM_VERSION=11.19.1

# --- Toolchain: the npm the lockfile was written with, and what better-sqlite3 compiles with.
FROM ${NODE_IMAGE} AS toolchain
ARG NPM_VERSION
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g npm@${NPM_VERSION}
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/

# --- Build: every dependency (dev included), then the server, the domain and the web app.
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages ./packages
RUN npm run build

# --- Runtime dependencies only: the server's and the domain's, without dev ones. The web
# app's server bundle carries React inside it (packages/web/vite.config.ts), so the web
# package's own dependencies are not needed at run time.
FROM toolchain AS deps
RUN npm ci --omit=dev --no-audit --no-fund \
    --workspace=@tianguis/server --workspace=@tianguis/domain

# --- Runtime.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=sqlite:/app/data/tianguis.db \
    IMAGES_DIR=/app/data/images \
    OUTBOX_DIR=/app/data/outbox
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /app/packages/domain/package.json ./packages/domain/package.json
COPY --from=build /app/packages/domain/dist ./packages/domain/dist
COPY --from=build /app/packages/server/package.json ./packages/server/package.json
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/web/package.json ./packages/web/package.json
COPY --from=build /app/packages/web/dist ./packages/web/dist
COPY --from=build /app/packages/web/dist-ssr ./packages/web/dist-ssr
# The code belongs to root and can't be changed by the server; only the data folder is its own.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# /live: the process runs (docs/reliability.md); slim images have no curl, Node has fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM (packages/server/src/server.ts): requests in
# flight finish, /ready turns 503, then it exits.
CMD ["node", "packages/server/dist/server.js"]
