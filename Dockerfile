# tm-bot's container image (docs/operations.md, "Docker"):
#   docker build -t tm-bot .
#   docker run -d --env-file .env -v tm-data:/data tm-bot            (SQLite on the volume)
#   docker compose up -d                                              (with PostgreSQL: compose.yaml)
# The base images can be replaced (a registry mirror, a pinned digest) with --build-arg BUILD_IMAGE=… and
# RUNTIME_IMAGE=…, as .ci/container-check does where Docker Hub cannot be reached.
ARG BUILD_IMAGE=node:24-bookworm
ARG RUNTIME_IMAGE=node:24-bookworm-slim

# The build stage has python3, make and a C++ compiler, for a native module without a binary for this
# platform; on x64 and arm64 Linux the dependencies ship theirs and nothing is compiled.
FROM ${BUILD_IMAGE} AS build
# npm runs node-gyp for better-sqlite3 (it ships its binaries, so nothing is compiled, but gyp still
# configures); the image's own Node headers spare it a download from nodejs.org.
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages ./packages
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What no running bot reads, 70 MB of it: TypeScript (npm keeps it as @prisma/client's optional peer), the
# query compilers of databases Prisma supports and the bot does not, source maps, SQLite's C sources.
RUN rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/better-sqlite3/deps \
 && find node_modules/@prisma/client/runtime \( -name '*mysql*' -o -name '*sqlserver*' -o -name '*cockroachdb*' \) -delete \
 && find node_modules -name '*.map' -delete
# The sources run as they are, through tsx (a runtime dependency): no build step.
COPY tsconfig.json ./
COPY prisma ./prisma
COPY src ./src

FROM ${RUNTIME_IMAGE} AS runtime
# What `npm start` sets (README, "Set up"): glibc's allocator hands large picture buffers back to the
# system, and V8's young generation stays small; measured in docs/bot.md.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072 \
    DATABASE_URL=file:/data/tm.db \
    HEALTH_PORT=9100 \
    HEALTH_HOST=0.0.0.0
WORKDIR /app
# Owned by root and read-only for the bot; it writes only to /data.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 9100
# /healthz answers 200 once every shard is connected to Discord (503 while not); the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1, without npm or a shell between: `docker stop`'s SIGTERM reaches the bot, which
# finishes the moves in progress and exits within a few seconds (docker stop waits 10).
CMD ["node", "--max-semi-space-size=4", "--import", "tsx", "src/main.ts"]
