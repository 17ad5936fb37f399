// The worker pool behind parallelFor: hardwareThreads() - 1 threads started on first use and kept
// for the life of the process (see runOnPool), and a queue of batches whose tasks are claimed one
// at a time by whichever thread is free (the caller included, so a batch finishes even when every
// worker is busy with another caller's batch).
#include "common/parallel.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <vector>

namespace facet {
namespace {

struct Batch {
    const std::function<void(int)>* task = nullptr;
    int tasks = 0;
    std::atomic<int> next{0};
    int done = 0;     // guarded by the pool's mutex
    int visitors = 0; // workers inside runTasks; guarded by the pool's mutex
    std::exception_ptr error;
    std::condition_variable finished;
};

class WorkerPool {
public:
    WorkerPool() {
        for (int i = 1; i < hardwareThreads(); ++i)
            workers_.emplace_back([this] { work(); });
    }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    void run(int tasks, const std::function<void(int)>& task) {
        Batch batch;
        batch.task = &task;
        batch.tasks = tasks;
        {
            std::lock_guard lock(mutex_);
            queue_.push_back(&batch);
        }
        wake_.notify_all();
        runTasks(batch);
        std::unique_lock lock(mutex_);
        // Also wait for workers still inside runTasks: they touch `batch` until they leave.
        batch.finished.wait(lock, [&] { return batch.done == batch.tasks && batch.visitors == 0; });
        std::erase(queue_, &batch);
        lock.unlock();
        if (batch.error)
            std::rethrow_exception(batch.error);
    }

private:
    // Claims and runs tasks of `batch` until none is left.
    void runTasks(Batch& batch) {
        for (int i = batch.next++; i < batch.tasks; i = batch.next++) {
            std::exception_ptr error;
            try {
                (*batch.task)(i);
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard lock(mutex_);
            if (error && !batch.error)
                batch.error = error;
            if (++batch.done == batch.tasks)
                batch.finished.notify_all();
        }
    }

    void work() {
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [&] { return !queue_.empty(); });
            Batch* batch = queue_.front();
            if (batch->next.load() >= batch->tasks) {
                // Every task is claimed; its caller removes it once they are done.
                queue_.pop_front();
                continue;
            }
            ++batch->visitors;
            lock.unlock();
            runTasks(*batch);
            lock.lock();
            if (--batch->visitors == 0)
                batch->finished.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Batch*> queue_;
    std::vector<std::thread> workers_;
};

} // namespace

void runOnPool(int tasks, const std::function<void(int)>& task) {
    // Never destroyed: a caller on another thread (a thumbnail decoder, the engine worker) may
    // still be inside run() while static destructors run at exit; idle workers just end with the
    // process.
    static WorkerPool* pool = new WorkerPool;
    pool->run(tasks, task);
}

} // namespace facet
